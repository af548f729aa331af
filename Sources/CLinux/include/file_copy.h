#ifndef GALLERY_FILE_COPY_H
#define GALLERY_FILE_COPY_H

#include <errno.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

// copy_file_range(2), which glibc declares only under _GNU_SOURCE: copies `length` bytes from `in` at `*in_offset`
// to `out` at its position in the kernel, without passing them through the caller. -1 and errno ENOSYS where the
// kernel lacks it.
static inline ssize_t gallery_copy_file_range(int in, off_t *in_offset, int out, size_t length) {
#ifdef SYS_copy_file_range
    return (ssize_t)syscall(SYS_copy_file_range, in, in_offset, out, (off_t *)0, length, 0U);
#else
    (void)in, (void)in_offset, (void)out, (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

#endif
