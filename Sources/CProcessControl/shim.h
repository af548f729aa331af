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

#include <spawn.h>

// posix_spawn_file_actions_addclosefrom_np (glibc 2.34), which Swift's Glibc module does not export: the child closes
// every descriptor from `from` on.
static inline int gallery_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
