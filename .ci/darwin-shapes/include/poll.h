// Darwin's shapes: <poll.h> (xnu bsd/sys/poll.h).
#ifndef DARWIN_SHAPES_POLL_H
#define DARWIN_SHAPES_POLL_H

#define POLLIN 0x0001

struct pollfd {
    int fd;
    short events;
    short revents;
};

/// unsigned int on Darwin, unsigned long on Linux.
typedef unsigned int nfds_t;

int poll(struct pollfd *, nfds_t, int);

#endif
