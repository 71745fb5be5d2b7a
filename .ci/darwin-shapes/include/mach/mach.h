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
typedef __uint64_t mach_vm_address_t;

struct time_value {
    integer_t seconds;
    integer_t microseconds;
};
typedef struct time_value time_value_t;

#define KERN_SUCCESS 0
#define MACH_TASK_BASIC_INFO 20
#define TASK_VM_INFO 22

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

/// Revisions add fields at the end; `task_info` fills in as many as the kernel knows and says
/// how many words it wrote.
struct task_vm_info {
    mach_vm_size_t virtual_size;
    integer_t region_count;
    integer_t page_size;
    mach_vm_size_t resident_size;
    mach_vm_size_t resident_size_peak;

    mach_vm_size_t device;
    mach_vm_size_t device_peak;
    mach_vm_size_t internal;
    mach_vm_size_t internal_peak;
    mach_vm_size_t external;
    mach_vm_size_t external_peak;
    mach_vm_size_t reusable;
    mach_vm_size_t reusable_peak;
    mach_vm_size_t purgeable_volatile_pmap;
    mach_vm_size_t purgeable_volatile_resident;
    mach_vm_size_t purgeable_volatile_virtual;
    mach_vm_size_t compressed;
    mach_vm_size_t compressed_peak;
    mach_vm_size_t compressed_lifetime;

    /* added for rev1 */
    /// In bytes: the memory the task owns, resident or compressed (Activity Monitor's Memory).
    mach_vm_size_t phys_footprint;

    /* added for rev2 */
    mach_vm_address_t min_address;
    mach_vm_address_t max_address;

    /* added for rev3 */
    int64_t ledger_phys_footprint_peak;
    int64_t ledger_purgeable_nonvolatile;
    int64_t ledger_purgeable_novolatile_compressed;
    int64_t ledger_purgeable_volatile;
    int64_t ledger_purgeable_volatile_compressed;
    int64_t ledger_tag_network_nonvolatile;
    int64_t ledger_tag_network_nonvolatile_compressed;
    int64_t ledger_tag_network_volatile;
    int64_t ledger_tag_network_volatile_compressed;
    int64_t ledger_tag_media_footprint;
    int64_t ledger_tag_media_footprint_compressed;
    int64_t ledger_tag_media_nofootprint;
    int64_t ledger_tag_media_nofootprint_compressed;
    int64_t ledger_tag_graphics_footprint;
    int64_t ledger_tag_graphics_footprint_compressed;
    int64_t ledger_tag_graphics_nofootprint;
    int64_t ledger_tag_graphics_nofootprint_compressed;
    int64_t ledger_tag_neural_footprint;
    int64_t ledger_tag_neural_footprint_compressed;
    int64_t ledger_tag_neural_nofootprint;
    int64_t ledger_tag_neural_nofootprint_compressed;

    /* added for rev4 */
    uint64_t limit_bytes_remaining;

    /* added for rev5 */
    integer_t decompressions;

    /* added for rev6 */
    int64_t ledger_swapins;

    /* added for rev7 */
    int64_t ledger_tag_neural_nofootprint_total;
    int64_t ledger_tag_neural_nofootprint_peak;
};
typedef struct task_vm_info task_vm_info_data_t;
typedef struct task_vm_info *task_vm_info_t;
/// A sizeof expression: Swift does not import it, so Swift code computes it.
#define TASK_VM_INFO_COUNT ((mach_msg_type_number_t)(sizeof(task_vm_info_data_t) / sizeof(natural_t)))
#pragma pack(pop)

/// The task's own port. `mach_task_self()` is a macro over the global `mach_task_self_`, which
/// Swift 6 can reject as shared mutable state; the trap is a plain function.
mach_port_name_t task_self_trap(void);

kern_return_t task_info(task_name_t target_task, task_flavor_t flavor, task_info_t task_info_out,
                        mach_msg_type_number_t *task_info_outCnt);

#endif
