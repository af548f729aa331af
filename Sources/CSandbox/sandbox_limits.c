// The decoder process's resource limits (rlimits) and what it uses of them: CPU time, mapped memory, threads.
#define _GNU_SOURCE
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

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
