#ifndef GALLERY_PROCESS_CONTROL_H
#define GALLERY_PROCESS_CONTROL_H

// prctl(2), which is variadic in C (Swift cannot call it) and missing from Swift's Glibc module.
#include <sys/prctl.h>

// Makes the calling process the child subreaper of its descendants: orphans are reparented to it, not to init.
static inline int gallery_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}

#include <sys/syscall.h>
#include <unistd.h>

// A descriptor that becomes readable when the process `pid` (a child) ends (Linux 5.3); -1 where the kernel lacks it.
static inline int gallery_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

#include <errno.h>
#include <fcntl.h>

// rename(2) that never replaces: renameat2(2) with RENAME_NOREPLACE (Linux 3.15) fails with EEXIST when `to` exists,
// atomically, where a check before rename(2) leaves a gap. Called through syscall(2): glibc declares renameat2 only
// under _GNU_SOURCE, which Swift's Glibc module lacks. EINVAL where the file system cannot (some network ones).
static inline int gallery_rename_noreplace(const char *from, const char *to) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1U /* RENAME_NOREPLACE */);
#else
    (void)from;
    (void)to;
    errno = ENOSYS;
    return -1;
#endif
}

#include <spawn.h>

// posix_spawn_file_actions_addclosefrom_np (glibc 2.34), which Swift's Glibc module does not export: the child closes
// every descriptor from `from` on.
static inline int gallery_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

#endif
