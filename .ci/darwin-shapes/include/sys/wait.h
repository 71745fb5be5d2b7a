// Darwin's shapes: <sys/wait.h> (xnu bsd/sys/wait.h).
#ifndef DARWIN_SHAPES_SYS_WAIT_H
#define DARWIN_SHAPES_SYS_WAIT_H

#include "resource.h"
#include "types.h"

#define WNOHANG 0x00000001
#define _WSTATUS(x) ((x) & 0177)
#define WIFEXITED(x) (_WSTATUS(x) == 0)
#define WEXITSTATUS(x) (((x) >> 8) & 0x000000ff)
#define WIFSIGNALED(x) (_WSTATUS(x) != 0177 && _WSTATUS(x) != 0)
#define WTERMSIG(x) (_WSTATUS(x))

pid_t waitpid(pid_t, int *, int);
pid_t wait4(pid_t, int *, int, struct rusage *);

#endif
