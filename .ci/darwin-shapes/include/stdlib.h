// Darwin's shapes: <stdlib.h> (the pseudo-terminal calls live here on Darwin too).
#ifndef DARWIN_SHAPES_STDLIB_H
#define DARWIN_SHAPES_STDLIB_H

#include "sys/types.h"

void free(void *);
int atexit(void (*_Nonnull)(void));
int posix_openpt(int);
int grantpt(int);
int unlockpt(int);
int ptsname_r(int, char *, size_t);

#endif
