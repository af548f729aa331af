#ifndef GALLERY_SANDBOX_STAT_TRAP_H
#define GALLERY_SANDBOX_STAT_TRAP_H

// What sandbox_seccomp.c needs of sandbox_stat_trap.c (not in include/: Swift never sees it).

/// Installs the SIGSYS handler that answers the calls the seccomp filter traps (newfstatat with AT_EMPTY_PATH: fstat
/// of the descriptor for an empty path, EACCES for a path; access and faccessat: from the files
/// `gallery_sandbox_answer_access` named); whether it is in place.
int gallery_sandbox_install_stat_trap(void);

#endif
