// Darwin's shapes: <signal.h> (xnu bsd/sys/signal.h). SIG_DFL is a cast of 0 that Swift cannot
// import; the Swift overlay provides it as `sig_t?`, and SIG_IGN (a cast of 1) as `sig_t`.
#ifndef DARWIN_SHAPES_SIGNAL_H
#define DARWIN_SHAPES_SIGNAL_H

#include "sys/types.h"

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGFPE 8
#define SIGKILL 9
#define SIGBUS 10  // 7 on Linux
#define SIGSEGV 11
#define SIGPIPE 13
#define SIGTERM 15
#define SIGTSTP 18  // 20 on Linux
#define SIGCONT 19  // 18 on Linux
#define SIGWINCH 28

typedef void (*sig_t)(int);

void (*signal(int, void (*)(int)))(int);
int raise(int);
int kill(pid_t, int);

#endif
