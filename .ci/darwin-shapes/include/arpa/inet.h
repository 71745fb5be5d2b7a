// Darwin's shapes: <arpa/inet.h>.
#ifndef DARWIN_SHAPES_ARPA_INET_H
#define DARWIN_SHAPES_ARPA_INET_H

#include "../netinet/in.h"

in_addr_t inet_addr(const char *);

#endif
