// The decoder process's privileges and what it inherits: no_new_privs, no capabilities, no leaked descriptors, and
// a signal when its starter ends.
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <linux/capability.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int gallery_sandbox_no_new_privs(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1UL, 0UL, 0UL, 0UL) == 0 ? 0 : -errno;
}

void gallery_sandbox_close_descriptors_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0U) == 0) return;
#endif
    long last = sysconf(_SC_OPEN_MAX);
    for (long descriptor = first; descriptor < (last > 0 ? last : 1024); descriptor++) close((int)descriptor);
}

int gallery_sandbox_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL) == 0 ? 0 : -errno;
}

int gallery_sandbox_drop_capabilities(void) {
    // The bounding set first (dropping from it needs CAP_SETPCAP, which the capset below takes away); a process
    // without CAP_SETPCAP (any non-root one) gets EPERM here and has nothing in its effective set to drop anyway.
    int error = 0;
    for (int capability = 0; capability <= 63; capability++) {
        if (prctl(PR_CAPBSET_READ, (unsigned long)capability, 0UL, 0UL, 0UL) < 0) break;  // past the kernel's last
        if (prctl(PR_CAPBSET_DROP, (unsigned long)capability, 0UL, 0UL, 0UL) != 0 && errno != EPERM) error = -errno;
    }
    (void)prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0UL, 0UL, 0UL);
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capset, &header, data) != 0) return -errno;
    // Whatever the bounding set kept, nothing is effective, permitted or inheritable now, and no_new_privs keeps an
    // exec from gaining any.
    if (syscall(SYS_capget, &header, data) != 0) return -errno;
    for (int index = 0; index < _LINUX_CAPABILITY_U32S_3; index++) {
        if (data[index].effective || data[index].permitted || data[index].inheritable) return -EPERM;
    }
    return error;
}
