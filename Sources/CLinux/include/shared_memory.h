#ifndef GALLERY_SHARED_MEMORY_H
#define GALLERY_SHARED_MEMORY_H

// memfd_create(2), which glibc declares only under _GNU_SOURCE (Swift's Glibc module leaves it out).
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/memfd.h>

// An anonymous shared-memory file, close-on-exec and sealable: a decoder's pixels, mapped by the viewer too.
static inline int gallery_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

#endif
