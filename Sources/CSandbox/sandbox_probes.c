// Test probes playing a compromised decoder inside the sandbox: what the seccomp filter must refuse.
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

uint64_t gallery_sandbox_probe_shared_memory(uint64_t most, int *error) {
    *error = 0;
    int descriptor = (int)syscall(SYS_memfd_create, "gallery-probe", MFD_CLOEXEC);
    if (descriptor < 0) {
        *error = errno;
        return 0;
    }
    const uint64_t step = 64ULL << 20;
    uint64_t made = 0;
    while (made + step <= most) {
        if (fallocate(descriptor, 0, (off_t)made, (off_t)step) != 0) {
            *error = errno;
            break;
        }
        made += step;
    }
    close(descriptor);
    return made;
}

int gallery_sandbox_probe_stat_path(const char *path) {
    struct stat status;
    long at = syscall(SYS_newfstatat, AT_FDCWD, path, &status, AT_EMPTY_PATH);
    int atError = at == 0 ? 0 : errno;
    struct statx extended;
    long x = syscall(SYS_statx, AT_FDCWD, path, AT_EMPTY_PATH, STATX_BASIC_STATS, &extended);
    int xError = x == 0 ? 0 : errno;
    if (at == 0 || x == 0) return 0;
    return (atError & 0xFFFF) | (xError << 16);
}
