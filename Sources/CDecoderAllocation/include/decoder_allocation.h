#ifndef GALLERY_DECODER_ALLOCATION_H
#define GALLERY_DECODER_ALLOCATION_H

// Linked into the decoder executable only: malloc, calloc, realloc and the aligned allocators, which end the process
// with `gallery_allocation_exit_status` when an allocation fails while `gallery_allocation_limit_armed` is set (the
// address-space limit reached), so the viewer can name the reason ("over the memory limit") instead of a crash.

/// The exit status of a process whose allocation failed under the limit.
#define GALLERY_ALLOCATION_EXIT_STATUS 86

/// Arms (1) or disarms (0) the exit on a failed allocation.
void gallery_allocation_arm(int armed);

#endif
