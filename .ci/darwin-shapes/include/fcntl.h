// Darwin's shapes: <fcntl.h> (xnu bsd/sys/fcntl.h). open and fcntl are variadic, so Swift
// does not import them; the Swift overlay declares fixed-argument versions.
#ifndef DARWIN_SHAPES_FCNTL_H
#define DARWIN_SHAPES_FCNTL_H

#include "sys/types.h"

#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004  // 04000 on Linux
#define O_NOCTTY 0x00020000  // 0400 on Linux
#define F_SETFL 4

int open(const char *, int, ...);
int fcntl(int, int, ...);

#endif
