// Darwin's shapes: <sys/socket.h> (xnu bsd/sys/socket.h). Socket addresses start with a length
// byte on Darwin; SOCK_STREAM is a plain int macro (an enum on Linux).
#ifndef DARWIN_SHAPES_SYS_SOCKET_H
#define DARWIN_SHAPES_SYS_SOCKET_H

#include "types.h"

#define AF_INET 2
#define SOCK_STREAM 1
#define SHUT_RDWR 2
#define SOL_SOCKET 0xffff
#define SO_LINGER 0x0080
/// Darwin has no MSG_NOSIGNAL; a socket is told not to raise SIGPIPE with this option.
#define SO_NOSIGPIPE 0x1022

typedef __uint8_t sa_family_t;
typedef __uint32_t socklen_t;

struct sockaddr {
    __uint8_t sa_len;
    sa_family_t sa_family;
    char sa_data[14];
};

struct linger {
    int l_onoff;
    int l_linger;
};

int socket(int, int, int);
int bind(int, const struct sockaddr *, socklen_t);
int listen(int, int);
int accept(int, struct sockaddr *__restrict, socklen_t *__restrict);
int connect(int, const struct sockaddr *, socklen_t);
int getsockname(int, struct sockaddr *__restrict, socklen_t *__restrict);
int shutdown(int, int);
int setsockopt(int, int, int, const void *, socklen_t);
ssize_t send(int, const void *, size_t, int);

#endif
