// Darwin's shapes: <mach/mach.h> and what it includes (xnu osfmk/mach/task_info.h,
// mach_traps.h, mach_types.h, i386/vm_types.h, message.h, kern_return.h; task_info from the
// MIG-generated mach/task.h). There is no Linux twin: Linux reads /proc instead.
#ifndef DARWIN_SHAPES_MACH_MACH_H
#define DARWIN_SHAPES_MACH_MACH_H

#include "../sys/types.h"

typedef unsigned int natural_t;
typedef int integer_t;
typedef natural_t mach_port_name_t;
typedef natural_t mach_port_t;
typedef mach_port_t task_name_t;
typedef natural_t mach_msg_type_number_t;
typedef natural_t task_flavor_t;
typedef integer_t *task_info_t;
typedef int kern_return_t;
typedef int policy_t;
typedef __uint64_t mach_vm_size_t;

struct time_value {
    integer_t seconds;
    integer_t microseconds;
};
typedef struct time_value time_value_t;

#define KERN_SUCCESS 0
#define MACH_TASK_BASIC_INFO 20

#pragma pack(push, 4)
struct mach_task_basic_info {
    mach_vm_size_t virtual_size;
    /// In bytes.
    mach_vm_size_t resident_size;
    mach_vm_size_t resident_size_max;
    time_value_t user_time;
    time_value_t system_time;
    policy_t policy;
    integer_t suspend_count;
};
#pragma pack(pop)

/// The task's own port. `mach_task_self()` is a macro over the global `mach_task_self_`, which
/// Swift 6 can reject as shared mutable state; the trap is a plain function.
mach_port_name_t task_self_trap(void);

kern_return_t task_info(task_name_t target_task, task_flavor_t flavor, task_info_t task_info_out,
                        mach_msg_type_number_t *task_info_outCnt);

#endif
