// Darwin's shapes: <netinet/in.h> (xnu bsd/netinet/in.h).
#ifndef DARWIN_SHAPES_NETINET_IN_H
#define DARWIN_SHAPES_NETINET_IN_H

#include "../sys/socket.h"

typedef __uint16_t in_port_t;
typedef __uint32_t in_addr_t;

struct in_addr {
    in_addr_t s_addr;
};

struct sockaddr_in {
    __uint8_t sin_len;
    sa_family_t sin_family;
    in_port_t sin_port;
    struct in_addr sin_addr;
    char sin_zero[8];
};

#endif
