#ifndef GALLERY_SANDBOX_H
#define GALLERY_SANDBOX_H

#include <stdint.h>

// The layers a decoder process puts on itself before it reads a byte of any photo. Each returns 0 (or, for Landlock,
// the ABI version, at least 1) when the layer is on, or a negative errno saying why it is not; a layer the kernel
// lacks leaves the others on.

/// PR_SET_NO_NEW_PRIVS: no exec can gain privileges (setuid, file capabilities); Landlock and seccomp need it.
int gallery_sandbox_no_new_privs(void);

/// Landlock with no filesystem access at all (every right the kernel's ABI knows is handled and none is granted), no
/// TCP bind or connect (ABI 4), and no abstract Unix sockets or signals outside the process (ABI 6). The ABI
/// version on success.
int gallery_sandbox_landlock(void);

/// The seccomp filter: an allow-list of what decoding needs; open and openat fail with EACCES (the photo comes as a
/// descriptor: nothing is opened by name), socket and connect with EACCES, exec, ptrace and process_vm_writev kill the
/// process, anything else unlisted fails with EPERM (ioctl, seccomp, prctl, memfd_create, ftruncate and fallocate
/// among them); a new process (fork, clone without CLONE_THREAD) fails with EPERM; kill and tgkill reach only this
/// process; fstat works on a descriptor, never a path (newfstatat with AT_EMPTY_PATH traps to a SIGSYS handler that
/// answers an empty path only; statx fails with ENOSYS); access and faccessat trap to the same handler, which answers
/// 0 for the files `gallery_sandbox_answer_access` named and EACCES for any other. Must be called while the process has
/// one thread.
int gallery_sandbox_seccomp(void);

/// The files (at most 8, absolute paths) `access` says are readable once the filter is on, the kernel never asked:
/// the fonts a decoder mapped before its sandbox (cairo asks before it uses one). How many were taken.
int gallery_sandbox_answer_access(const char *const *files, int count);

/// Empties the capability bounding set (where the process may: it takes CAP_SETPCAP), the ambient set, and the
/// effective, permitted and inheritable sets: a decoder started by root keeps no privilege (CAP_SYS_RESOURCE would let
/// it raise its hard limits). 0 when no capability is left in those three sets, else -errno.
int gallery_sandbox_drop_capabilities(void);

/// Sets the soft and hard limit of `resource` (RLIMIT_AS, RLIMIT_CPU, RLIMIT_CORE, …); 0 or -errno.
int gallery_sandbox_set_limit(int resource, uint64_t soft, uint64_t hard);

/// The hard limit of `resource`, or UINT64_MAX for none.
uint64_t gallery_sandbox_hard_limit(int resource);

/// The soft limit of `resource`, or UINT64_MAX for none.
uint64_t gallery_sandbox_soft_limit(int resource);

/// The address space this process has mapped now, in bytes (from /proc/self/statm; 0 if unreadable). Read before
/// the sandbox closes /proc.
uint64_t gallery_sandbox_mapped_bytes(void);

/// The number of threads in this process (from /proc/self/task; 0 if unreadable).
int gallery_sandbox_thread_count(void);

/// Closes every descriptor from `first` up (close_range, else one by one): none the starter leaked reaches the decoder.
void gallery_sandbox_close_descriptors_from(int first);

/// PR_SET_PDEATHSIG: `signal` arrives when the thread that started this process ends (the viewer quitting or dying).
int gallery_sandbox_parent_death_signal(int signal);

/// CPU seconds this process has used (user + system), rounded up.
uint64_t gallery_sandbox_cpu_seconds(void);

/// Test only, playing a compromised decoder: shared memory made in a memfd of its own and grown by fallocate, in
/// 64 MiB steps up to `most` bytes (then freed). The bytes made; `error` is the errno that stopped it (0: none).
uint64_t gallery_sandbox_probe_shared_memory(uint64_t most, int *error);

/// Test only, playing a compromised decoder: a path's metadata, asked as glibc asks a descriptor's (newfstatat with
/// AT_EMPTY_PATH, then statx with AT_EMPTY_PATH). 0 when either told it, else the errno of each (newfstatat's in the
/// low 16 bits, statx's above).
int gallery_sandbox_probe_stat_path(const char *path);

#endif
