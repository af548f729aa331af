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
