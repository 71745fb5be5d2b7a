#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#if defined(__linux__)
#include <spawn.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

int cpt_open_master(char *slaveName, size_t slaveNameLength) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) {
        return -1;
    }
    if (grantpt(master) != 0 || unlockpt(master) != 0) {
        close(master);
        return -1;
    }
    // ptsname_r, not ptsname: tests open terminals on several threads at once, and ptsname
    // returns a buffer they would share.
    if (ptsname_r(master, slaveName, slaveNameLength) != 0) {
        close(master);
        return -1;
    }
    return master;
}

int cpt_set_window_size(int descriptor, unsigned short rows, unsigned short columns) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = rows;
    size.ws_col = columns;
    return ioctl(descriptor, TIOCSWINSZ, &size);
}

#if !defined(__linux__)
/// In a forked child: closes every descriptor above standard error, so that no other child's
/// pipe stays open in this one.
static void cpt_close_descriptors_above_standard_error(void) {
    int limit = getdtablesize();
    for (int descriptor = 3; descriptor < limit; descriptor++) {
        close(descriptor);
    }
}
#endif

#if defined(__linux__)
/// Linux: posix_spawn, which glibc runs as a vfork: fork would copy the page tables of a test
/// process with many threads and a large heap for every child it starts.
static pid_t cpt_posix_spawn(const char *path, posix_spawn_file_actions_t *actions, short flags,
                             char *const argv[], char *const envp[]) {
    posix_spawnattr_t attributes;
    if (posix_spawnattr_init(&attributes) != 0) {
        return -1;
    }
    pid_t pid = -1;
    int result = posix_spawnattr_setflags(&attributes, flags);
    if (result == 0) {
        result = posix_spawn(&pid, path, actions, &attributes, argv, envp);
    }
    posix_spawnattr_destroy(&attributes);
    return result == 0 ? pid : -1;
}
#endif

pid_t cpt_spawn(const char *slaveName, const char *path, char *const argv[], char *const envp[]) {
#if defined(__linux__)
    // A new session's leader that opens a terminal, without O_NOCTTY, gets it as its
    // controlling terminal on Linux, as TIOCSCTTY would give it.
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) {
        return -1;
    }
    pid_t pid = -1;
    if (posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, slaveName, O_RDWR, 0) == 0 &&
        posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO) == 0 &&
        posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO) == 0 &&
        posix_spawn_file_actions_addclosefrom_np(&actions, 3) == 0) {
        pid = cpt_posix_spawn(path, &actions, POSIX_SPAWN_SETSID, argv, envp);
    }
    posix_spawn_file_actions_destroy(&actions);
    return pid;
#else
    pid_t pid = fork();
    if (pid != 0) {
        return pid;
    }
    setsid();
    int slave = open(slaveName, O_RDWR);
    if (slave < 0) {
        _exit(126);
    }
    ioctl(slave, TIOCSCTTY, 0);
    dup2(slave, STDIN_FILENO);
    dup2(slave, STDOUT_FILENO);
    dup2(slave, STDERR_FILENO);
    cpt_close_descriptors_above_standard_error();
    execve(path, argv, envp);
    _exit(127);
#endif
}

int cpt_terminal_flags(int descriptor, unsigned long *inputFlags, unsigned long *outputFlags,
                       unsigned long *controlFlags, unsigned long *localFlags) {
    struct termios attributes;
    if (tcgetattr(descriptor, &attributes) != 0) {
        return -1;
    }
    *inputFlags = (unsigned long)attributes.c_iflag;
    *outputFlags = (unsigned long)attributes.c_oflag;
    *controlFlags = (unsigned long)attributes.c_cflag;
    *localFlags = (unsigned long)attributes.c_lflag;
    return 0;
}

/// A waitpid status as an exit code (-1 when signalled) and a signal number (0 when exited).
static void cpt_decode_status(int status, int *exitCode, int *signalNumber) {
    *exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    *signalNumber = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

int cpt_try_wait(pid_t pid, int *exitCode, int *signalNumber) {
    int status = 0;
    pid_t result = waitpid(pid, &status, WNOHANG);
    if (result == 0) {
        return 0;
    }
    if (result < 0) {
        return -1;
    }
    cpt_decode_status(status, exitCode, signalNumber);
    return 1;
}

pid_t cpt_spawn_piped(const char *path, char *const argv[], char *const envp[],
                      const char *outputPath, int *outputDescriptor, int *errorDescriptor) {
    int output[2];
    int error[2];
    if (pipe(output) != 0) {
        return -1;
    }
    if (pipe(error) != 0) {
        close(output[0]);
        close(output[1]);
        return -1;
    }
#if defined(__linux__)
    pid_t pid = -1;
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) == 0) {
        int written =
            outputPath == NULL
                ? posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
                : posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputPath,
                                                   O_WRONLY, 0);
        if (posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY,
                                             0) == 0 &&
            written == 0 &&
            posix_spawn_file_actions_adddup2(&actions, error[1], STDERR_FILENO) == 0 &&
            posix_spawn_file_actions_addclosefrom_np(&actions, 3) == 0) {
            pid = cpt_posix_spawn(path, &actions, 0, argv, envp);
        }
        posix_spawn_file_actions_destroy(&actions);
    }
#else
    pid_t pid = fork();
    if (pid == 0) {
        int nothing = open("/dev/null", O_RDONLY);
        if (nothing < 0) {
            _exit(126);
        }
        int written = outputPath == NULL ? output[1] : open(outputPath, O_WRONLY);
        if (written < 0) {
            _exit(126);
        }
        dup2(nothing, STDIN_FILENO);
        dup2(written, STDOUT_FILENO);
        dup2(error[1], STDERR_FILENO);
        cpt_close_descriptors_above_standard_error();
        execve(path, argv, envp);
        _exit(127);
    }
#endif
    close(output[1]);
    close(error[1]);
    if (pid < 0) {
        close(output[0]);
        close(error[0]);
        return -1;
    }
    *outputDescriptor = output[0];
    *errorDescriptor = error[0];
    return pid;
}

int cpt_wait(pid_t pid, int *exitCode, int *signalNumber) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            return -1;
        }
    }
    cpt_decode_status(status, exitCode, signalNumber);
    return 0;
}
