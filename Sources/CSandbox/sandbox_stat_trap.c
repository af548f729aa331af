// The seccomp filter's SIGSYS handler: the stat and access calls the filter traps, answered in the process.
#define _GNU_SOURCE
#include "sandbox.h"
#include "sandbox_stat_trap.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <unistd.h>

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

int gallery_sandbox_install_stat_trap(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = answer_stat_trap;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGSYS, &action, NULL) == 0;
}
