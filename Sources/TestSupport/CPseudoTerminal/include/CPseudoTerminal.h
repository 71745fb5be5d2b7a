#ifndef CPSEUDOTERMINAL_H
#define CPSEUDOTERMINAL_H

#include <stddef.h>
#include <sys/types.h>

/// Opens a new pseudo-terminal pair. Returns the master descriptor (or -1) and writes the
/// slave's path into `slaveName`. Safe to call from several threads at once.
int cpt_open_master(char *slaveName, size_t slaveNameLength);

/// Sets the window size the program on the slave side sees: 0, or -1 with errno. Call it once
/// the slave is open, since macOS refuses it before and resets it at the slave's first open.
int cpt_set_window_size(int descriptor, unsigned short rows, unsigned short columns);

/// Starts a child (posix_spawn on Linux, fork elsewhere) that starts a session, makes the slave
/// its controlling terminal and standard input/output/error, keeps no other descriptor and
/// executes `path`. Returns the child's pid, or -1.
pid_t cpt_spawn(const char *slaveName, const char *path, char *const argv[], char *const envp[]);

/// The termios flags of the terminal behind `descriptor` (a master reports its slave's), to
/// compare the settings before and after a run.
int cpt_terminal_flags(int descriptor, unsigned long *inputFlags, unsigned long *outputFlags,
                       unsigned long *controlFlags, unsigned long *localFlags);

/// waitpid without blocking: 1 with `status` when the child ended, 0 while it runs, -1 on error.
int cpt_try_wait(pid_t pid, int *exitCode, int *signalNumber);

/// Starts a child (posix_spawn on Linux, fork elsewhere) that reads /dev/null, writes to two
/// new pipes (its output to `outputPath` instead, when given), keeps no other descriptor and
/// executes `path`. Returns the child's pid and the pipes' read ends, or -1. Foundation's
/// `Process.run()` can crash on Linux (an over-read while it closes the child's descriptors,
/// swift-corelibs-foundation #5472), so tests start their children with this instead.
pid_t cpt_spawn_piped(const char *path, char *const argv[], char *const envp[],
                      const char *outputPath, int *outputDescriptor, int *errorDescriptor);

/// waitpid until the child ends, again after an interrupted wait; 0, or -1 on error.
int cpt_wait(pid_t pid, int *exitCode, int *signalNumber);

#endif
