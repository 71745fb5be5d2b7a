// Darwin's shapes: <spawn.h> (Libc). Both objects are opaque pointers that the _init calls
// allocate: Swift imports `posix_spawn_file_actions_t` as a non-optional
// UnsafeMutableRawPointer, so a variable of it is `posix_spawn_file_actions_t?` starting at
// nil. On Linux they are structs, zero-initialised.
#ifndef DARWIN_SHAPES_SPAWN_H
#define DARWIN_SHAPES_SPAWN_H

#include "sys/types.h"

typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;

int posix_spawn(pid_t *__restrict, const char *__restrict, const posix_spawn_file_actions_t *,
                const posix_spawnattr_t *__restrict, char *const __argv[__restrict],
                char *const __envp[__restrict]);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *__restrict, int,
                                     const char *__restrict, int, mode_t);

#endif
