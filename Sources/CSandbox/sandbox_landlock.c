// The decoder process's Landlock layer: no filesystem access, no TCP, no abstract sockets or signals outside it.
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <linux/landlock.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

// The ruleset attribute as of ABI 6; older kernels are given the prefix they know (the size says which).
struct gallery_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

int gallery_sandbox_landlock(void) {
#if defined(SYS_landlock_create_ruleset) && defined(SYS_landlock_restrict_self)
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return abi < 0 ? -errno : -ENOSYS;
    struct gallery_ruleset_attr attr = {0};
    size_t size = sizeof(uint64_t);
    // Every filesystem right of each ABI: execute, write, read file, read dir, remove dir/file, make char, dir,
    // reg, sock, fifo, block, sym (bits 0-12, ABI 1), refer (13, ABI 2), truncate (14, ABI 3), ioctl_dev (15, ABI 5).
    attr.handled_access_fs = (1ULL << 13) - 1;
    if (abi >= 2) attr.handled_access_fs |= 1ULL << 13;
    if (abi >= 3) attr.handled_access_fs |= 1ULL << 14;
    if (abi >= 5) attr.handled_access_fs |= 1ULL << 15;
    if (abi >= 4) {
        attr.handled_access_net = 3;  // bind TCP, connect TCP
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = 3;  // abstract Unix sockets, signals
        size = 3 * sizeof(uint64_t);
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
    if (ruleset < 0) return -errno;
    long restricted = syscall(SYS_landlock_restrict_self, ruleset, 0U);
    int error = errno;
    close(ruleset);
    return restricted == 0 ? (int)abi : -error;
#else
    return -ENOSYS;
#endif
}
