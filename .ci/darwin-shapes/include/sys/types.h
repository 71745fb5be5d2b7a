// Darwin's shapes: <sys/types.h>, <sys/_types.h> (xnu bsd/sys/_types.h, bsd/i386/_types.h,
// bsd/sys/_types/_int64_t.h; uint64_t from the SDK's _types/_uint64_t.h).
#ifndef DARWIN_SHAPES_SYS_TYPES_H
#define DARWIN_SHAPES_SYS_TYPES_H

typedef unsigned char __uint8_t;
typedef unsigned short __uint16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef unsigned long long __uint64_t;

typedef long long int64_t;
typedef unsigned long long uint64_t;

typedef __SIZE_TYPE__ size_t;
typedef long ssize_t;
typedef __int32_t pid_t;
/// 16 bits on Darwin, 32 on Linux.
typedef __uint16_t mode_t;

#endif
