// The decoder process's seccomp filter (libseccomp): an allow-list of what decoding needs.
#define _GNU_SOURCE
#include "sandbox.h"
#include "sandbox_stat_trap.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <unistd.h>

#define ALLOW(name)                                                                                                    \
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(name), 0) != 0) goto failed

int gallery_sandbox_seccomp(void) {
    if (gallery_sandbox_thread_count() > 1) return -EBUSY;  // other threads would stay unfiltered
    scmp_filter_ctx context = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!context) return -ENOMEM;
    int error = -EINVAL;
    pid_t self = getpid();
    // Reading the photo and the requests, writing the replies and logs.
    ALLOW(read); ALLOW(readv); ALLOW(pread64); ALLOW(preadv); ALLOW(write); ALLOW(writev); ALLOW(lseek);
    ALLOW(fstat); ALLOW(recvmsg); ALLOW(recvfrom); ALLOW(sendmsg); ALLOW(sendto); ALLOW(close); ALLOW(dup);
    ALLOW(fcntl); ALLOW(poll); ALLOW(ppoll); ALLOW(shutdown);
    // Memory: the heap and mappings, which the address-space limit counts. No memfd_create, ftruncate or fallocate:
    // shared memory a decoder made would be counted nowhere (a memfd grown by fallocate is in no mapping); the pixels'
    // shared memory is the viewer's, sized and sealed there, and mapped here.
    ALLOW(brk); ALLOW(mmap); ALLOW(munmap); ALLOW(mremap); ALLOW(mprotect); ALLOW(madvise); ALLOW(membarrier);
    // Threads (within this process only), time, signals, exits.
    ALLOW(futex); ALLOW(set_robust_list); ALLOW(get_robust_list); ALLOW(rseq); ALLOW(sched_yield);
    ALLOW(sched_getaffinity); ALLOW(set_tid_address); ALLOW(clock_gettime); ALLOW(clock_getres);
    ALLOW(clock_nanosleep); ALLOW(nanosleep); ALLOW(gettimeofday); ALLOW(getrusage); ALLOW(getpid); ALLOW(gettid);
    ALLOW(getppid); ALLOW(getuid); ALLOW(geteuid); ALLOW(getgid); ALLOW(getegid); ALLOW(getrandom);
    ALLOW(rt_sigaction); ALLOW(rt_sigprocmask); ALLOW(rt_sigreturn); ALLOW(sigaltstack); ALLOW(restart_syscall);
    ALLOW(exit); ALLOW(exit_group); ALLOW(uname);
    // fstat by descriptor only. glibc's fstat is newfstatat(fd, "", AT_EMPTY_PATH), and the filter cannot read the
    // path, so that form traps to the stat trap (sandbox_stat_trap.c), which tells a descriptor's metadata (the plain
    // fstat call) and refuses a path's; statx is refused (ENOSYS: its callers fall back to fstat). Without the flag:
    // EPERM, below.
    if (!gallery_sandbox_install_stat_trap()) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_TRAP, SCMP_SYS(newfstatat), 1,
                         SCMP_A3(SCMP_CMP_MASKED_EQ, AT_EMPTY_PATH, AT_EMPTY_PATH)) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(statx), 0) != 0) goto failed;
    // access and faccessat: answered by the trap from the fonts' list, never by the kernel.
    if (seccomp_rule_add(context, SCMP_ACT_TRAP, SCMP_SYS(access), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_TRAP, SCMP_SYS(faccessat), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_TRAP, SCMP_SYS(faccessat2), 0) != 0) goto failed;
    // A new thread, never a new process.
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                         SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD)) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) != 0) goto failed;  // glibc falls back
    // Signals to this process only (abort, raise), never to the viewer.
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self)) != 0)
        goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self)) != 0)
        goto failed;
    // Its own limits: reading any, and setting them (a per-decode CPU or memory limit within the hard one).
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1, SCMP_A0(SCMP_CMP_EQ, 0)) != 0) goto failed;
    // Files: refused (EACCES, so a decoder probing a file fails cleanly). The photo comes as a descriptor, and no
    // listener answers opens: one inside the sandbox would be the decoder's to answer (ioctl is refused, EPERM).
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(open), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(openat), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(openat2), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(creat), 0) != 0) goto failed;
    // The network and other processes' sockets.
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(connect), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(bind), 0) != 0) goto failed;
    // Running anything else, or reaching into another process: an attack, not a decoder's need.
    if (seccomp_rule_add(context, SCMP_ACT_KILL_PROCESS, SCMP_SYS(execve), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_KILL_PROCESS, SCMP_SYS(execveat), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_KILL_PROCESS, SCMP_SYS(ptrace), 0) != 0) goto failed;
    if (seccomp_rule_add(context, SCMP_ACT_KILL_PROCESS, SCMP_SYS(process_vm_writev), 0) != 0) goto failed;
    error = seccomp_load(context);
    if (error != 0) goto failed;
    seccomp_release(context);
    return 0;
failed:
    seccomp_release(context);
    return error < 0 ? error : -EINVAL;
}
