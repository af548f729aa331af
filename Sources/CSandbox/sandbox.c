// The decoder process's sandbox: no capabilities, no_new_privs, Landlock, seccomp (libseccomp) and resource limits.
#define _GNU_SOURCE
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <unistd.h>

int gallery_sandbox_no_new_privs(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1UL, 0UL, 0UL, 0UL) == 0 ? 0 : -errno;
}

void gallery_sandbox_close_descriptors_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0U) == 0) return;
#endif
    long last = sysconf(_SC_OPEN_MAX);
    for (long descriptor = first; descriptor < (last > 0 ? last : 1024); descriptor++) close((int)descriptor);
}

int gallery_sandbox_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL) == 0 ? 0 : -errno;
}

// The ruleset attribute as of ABI 6; older kernels are given the prefix they know (the size says which).
struct gallery_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

int gallery_sandbox_landlock(void) {
#if defined(SYS_landlock_create_ruleset) && defined(SYS_landlock_restrict_self)
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return abi < 0 ? -errno : -ENOSYS;
    struct gallery_ruleset_attr attr = {0};
    size_t size = sizeof(uint64_t);
    // Every filesystem right of each ABI: execute, write, read file, read dir, remove dir/file, make char, dir,
    // reg, sock, fifo, block, sym (bits 0-12, ABI 1), refer (13, ABI 2), truncate (14, ABI 3), ioctl_dev (15, ABI 5).
    attr.handled_access_fs = (1ULL << 13) - 1;
    if (abi >= 2) attr.handled_access_fs |= 1ULL << 13;
    if (abi >= 3) attr.handled_access_fs |= 1ULL << 14;
    if (abi >= 5) attr.handled_access_fs |= 1ULL << 15;
    if (abi >= 4) {
        attr.handled_access_net = 3;  // bind TCP, connect TCP
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = 3;  // abstract Unix sockets, signals
        size = 3 * sizeof(uint64_t);
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
    if (ruleset < 0) return -errno;
    long restricted = syscall(SYS_landlock_restrict_self, ruleset, 0U);
    int error = errno;
    close(ruleset);
    return restricted == 0 ? (int)abi : -error;
#else
    return -ENOSYS;
#endif
}

int gallery_sandbox_set_limit(int resource, uint64_t soft, uint64_t hard) {
    struct rlimit limit = {.rlim_cur = (rlim_t)soft, .rlim_max = (rlim_t)hard};
    return setrlimit(resource, &limit) == 0 ? 0 : -errno;
}

uint64_t gallery_sandbox_hard_limit(int resource) {
    struct rlimit limit;
    if (getrlimit(resource, &limit) != 0 || limit.rlim_max == RLIM_INFINITY) return UINT64_MAX;
    return (uint64_t)limit.rlim_max;
}

uint64_t gallery_sandbox_soft_limit(int resource) {
    struct rlimit limit;
    if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return UINT64_MAX;
    return (uint64_t)limit.rlim_cur;
}

uint64_t gallery_sandbox_cpu_seconds(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    uint64_t micros = (uint64_t)usage.ru_utime.tv_sec * 1000000 + (uint64_t)usage.ru_utime.tv_usec +
                      (uint64_t)usage.ru_stime.tv_sec * 1000000 + (uint64_t)usage.ru_stime.tv_usec;
    return (micros + 999999) / 1000000;
}

uint64_t gallery_sandbox_mapped_bytes(void) {
    FILE *statm = fopen("/proc/self/statm", "re");
    if (!statm) return 0;
    unsigned long long pages = 0;
    int read = fscanf(statm, "%llu", &pages);
    fclose(statm);
    return read == 1 ? pages * (uint64_t)sysconf(_SC_PAGESIZE) : 0;
}

int gallery_sandbox_thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return 0;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks))) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(tasks);
    return count;
}

// ---- Test probes ------------------------------------------------------------------------------------------------

uint64_t gallery_sandbox_probe_shared_memory(uint64_t most, int *error) {
    *error = 0;
    int descriptor = (int)syscall(SYS_memfd_create, "gallery-probe", MFD_CLOEXEC);
    if (descriptor < 0) {
        *error = errno;
        return 0;
    }
    const uint64_t step = 64ULL << 20;
    uint64_t made = 0;
    while (made + step <= most) {
        if (fallocate(descriptor, 0, (off_t)made, (off_t)step) != 0) {
            *error = errno;
            break;
        }
        made += step;
    }
    close(descriptor);
    return made;
}

int gallery_sandbox_probe_stat_path(const char *path) {
    struct stat status;
    long at = syscall(SYS_newfstatat, AT_FDCWD, path, &status, AT_EMPTY_PATH);
    int atError = at == 0 ? 0 : errno;
    struct statx extended;
    long x = syscall(SYS_statx, AT_FDCWD, path, AT_EMPTY_PATH, STATX_BASIC_STATS, &extended);
    int xError = x == 0 ? 0 : errno;
    if (at == 0 || x == 0) return 0;
    return (atError & 0xFFFF) | (xError << 16);
}

// ---- Capabilities ------------------------------------------------------------------------------------------------

int gallery_sandbox_drop_capabilities(void) {
    // The bounding set first (dropping from it needs CAP_SETPCAP, which the capset below takes away); a process
    // without CAP_SETPCAP (any non-root one) gets EPERM here and has nothing in its effective set to drop anyway.
    int error = 0;
    for (int capability = 0; capability <= 63; capability++) {
        if (prctl(PR_CAPBSET_READ, (unsigned long)capability, 0UL, 0UL, 0UL) < 0) break;  // past the kernel's last
        if (prctl(PR_CAPBSET_DROP, (unsigned long)capability, 0UL, 0UL, 0UL) != 0 && errno != EPERM) error = -errno;
    }
    (void)prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0UL, 0UL, 0UL);
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capset, &header, data) != 0) return -errno;
    // Whatever the bounding set kept, nothing is effective, permitted or inheritable now, and no_new_privs keeps an
    // exec from gaining any.
    if (syscall(SYS_capget, &header, data) != 0) return -errno;
    for (int index = 0; index < _LINUX_CAPABILITY_U32S_3; index++) {
        if (data[index].effective || data[index].permitted || data[index].inheritable) return -EPERM;
    }
    return error;
}

// ---- The seccomp filter -------------------------------------------------------------------------------------------

// The files `access` (and `faccessat`) say are readable, set before the filter: the fonts a decoder mapped before it
// (`gallery_sandbox_answer_access`). cairo asks `access(file, R_OK)` before it uses a font file it already has open.
enum { answered_file_capacity = 8, answered_path_capacity = 4096 };
static char answered_files[answered_file_capacity][answered_path_capacity];
static int answered_file_count;

int gallery_sandbox_answer_access(const char *const *files, int count) {
    answered_file_count = 0;
    for (int index = 0; index < count && answered_file_count < answered_file_capacity; index++) {
        if (!files[index] || strlen(files[index]) >= answered_path_capacity) continue;
        strcpy(answered_files[answered_file_count++], files[index]);
    }
    return answered_file_count;
}

// `access(path, mode)` answered in the process: 0 for a file set above asked for reading or existence, EACCES for
// anything else. The kernel is never handed the path, so it tells nothing of the file system.
static long answer_access(const char *path, long mode) {
    if (path == NULL || (mode & ~(long)R_OK) != 0) return -EACCES;
    for (int index = 0; index < answered_file_count; index++) {
        if (strncmp(path, answered_files[index], answered_path_capacity) == 0) return 0;
    }
    return -EACCES;
}

// The seccomp trap of newfstatat with AT_EMPTY_PATH: answered as fstat of the descriptor when the path is empty (or
// NULL), EACCES otherwise; and of access and faccessat (`answer_access`). The path is read here, in the process, never handed to the kernel, so nothing can change
// it between the check and the call. A decoder that removes this handler only makes the trapped call end it (SIGSYS).
static void answer_stat_trap(int signal, siginfo_t *info, void *context) {
    (void)signal;
    ucontext_t *state = context;
    greg_t *registers = state->uc_mcontext.gregs;
    if (info->si_syscall == SYS_access) {
        registers[REG_RAX] = answer_access((const char *)registers[REG_RDI], (long)registers[REG_RSI]);
        return;
    }
    if (info->si_syscall == SYS_faccessat || info->si_syscall == SYS_faccessat2) {
        // Relative to the current folder or absolute only: a descriptor's folder is not one of the fonts'.
        const char *path = (const char *)registers[REG_RSI];
        int at_folder = (int)registers[REG_RDI] == AT_FDCWD || (path && path[0] == '/');
        registers[REG_RAX] = at_folder ? answer_access(path, (long)registers[REG_RDX]) : -EACCES;
        return;
    }
    if (info->si_syscall != SYS_newfstatat) {
        registers[REG_RAX] = -ENOSYS;
        return;
    }
    int saved = errno;
    int descriptor = (int)registers[REG_RDI];
    const char *path = (const char *)registers[REG_RSI];
    long result = -EACCES;
    if (path == NULL || path[0] == 0) {
        result = syscall(SYS_fstat, descriptor, (void *)registers[REG_RDX]);
        if (result != 0) result = -errno;
    }
    registers[REG_RAX] = result;
    errno = saved;
}

// Installs `answer_stat_trap` for SIGSYS; whether it is in place.
static int stat_trap_installed(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = answer_stat_trap;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGSYS, &action, NULL) == 0;
}

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
    // path, so that form traps to `answer_stat_trap`, which tells a descriptor's metadata (the plain fstat call) and
    // refuses a path's; statx is refused (ENOSYS: its callers fall back to fstat). Without the flag: EPERM, below.
    if (!stat_trap_installed()) goto failed;
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
