// Interposes the allocation functions for the whole decoder process (the executable's definitions come before
// libc's for every library), forwarding to glibc's own and turning a refused allocation into a known exit status.
#define _GNU_SOURCE
#include "decoder_allocation.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_int armed;

void gallery_allocation_arm(int value) { atomic_store(&armed, value); }

static void *checked(void *pointer, size_t size) {
    if (!pointer && size > 0 && atomic_load(&armed)) _exit(GALLERY_ALLOCATION_EXIT_STATUS);
    return pointer;
}

void *malloc(size_t size) { return checked(__libc_malloc(size), size); }

void *calloc(size_t count, size_t size) { return checked(__libc_calloc(count, size), count && size ? 1 : 0); }

void *realloc(void *pointer, size_t size) { return checked(__libc_realloc(pointer, size), size); }

void *memalign(size_t alignment, size_t size) { return checked(__libc_memalign(alignment, size), size); }

void *aligned_alloc(size_t alignment, size_t size) { return checked(__libc_memalign(alignment, size), size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = checked(__libc_memalign(alignment, size), size);
    if (!pointer && size > 0) return ENOMEM;
    *result = pointer;
    return 0;
}
