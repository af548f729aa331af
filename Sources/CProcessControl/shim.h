// prctl(2), which is variadic in C (Swift cannot call it) and missing from Swift's Glibc module.
#include <sys/prctl.h>

// Makes the calling process the child subreaper of its descendants: orphans are reparented to it, not to init.
static inline int gallery_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}
