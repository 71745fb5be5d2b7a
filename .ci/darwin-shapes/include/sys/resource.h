// Darwin's shapes: <sys/resource.h> (xnu bsd/sys/resource.h).
#ifndef DARWIN_SHAPES_SYS_RESOURCE_H
#define DARWIN_SHAPES_SYS_RESOURCE_H

#include "types.h"

struct timeval {
    long tv_sec;
    __int32_t tv_usec;
};

struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    /// In bytes on Darwin; in kibibytes on Linux.
    long ru_maxrss;
    long ru_ixrss;
    long ru_idrss;
    long ru_isrss;
    long ru_minflt;
    long ru_majflt;
    long ru_nswap;
    long ru_inblock;
    long ru_oublock;
    long ru_msgsnd;
    long ru_msgrcv;
    long ru_nsignals;
    long ru_nvcsw;
    long ru_nivcsw;
};

#define RUSAGE_SELF 0

int getrusage(int, struct rusage *);

#endif
