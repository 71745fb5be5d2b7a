// Darwin's shapes: <errno.h> (xnu bsd/sys/errno.h). `errno` itself is a macro over __error()
// that Swift cannot import; the Swift overlay provides it (../Overlay/Darwin.swift).
#ifndef DARWIN_SHAPES_ERRNO_H
#define DARWIN_SHAPES_ERRNO_H

// C reads errno through Darwin's macro; Swift cannot import it and uses the overlay's.
extern int *__error(void);
#define errno (*__error())

#define EINTR 4
#define EIO 5
#define EAGAIN 35  // 11 on Linux
#define EADDRNOTAVAIL 49  // 99 on Linux

#endif
