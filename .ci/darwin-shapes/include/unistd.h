// Darwin's shapes: <unistd.h>.
#ifndef DARWIN_SHAPES_UNISTD_H
#define DARWIN_SHAPES_UNISTD_H

#include "sys/types.h"

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

ssize_t read(int, void *, size_t);
ssize_t write(int __fd, const void *__buf, size_t __nbyte);
int close(int);
int pipe(int[2]);
int getdtablesize(void);
int dup2(int, int);
int isatty(int);
pid_t fork(void);
pid_t setsid(void);
int execve(const char *__file, char *const *__argv, char *const *__envp);
void _exit(int) __attribute__((__noreturn__));
void sync(void);

#endif
