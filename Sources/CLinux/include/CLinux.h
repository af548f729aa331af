#ifndef GALLERY_CLINUX_H
#define GALLERY_CLINUX_H

// What Swift's Glibc module leaves out of Linux and glibc: variadic calls, calls glibc declares only under
// _GNU_SOURCE, and the CMSG macros. The program runs on Linux alone (memfd, seccomp, Landlock, pidfd).
#include "descriptor_passing.h"
#include "file_copy.h"
#include "malloc_control.h"
#include "process_control.h"
#include "shared_memory.h"

#endif
