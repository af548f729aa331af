#ifndef GALLERY_TIFF_MEMORY_H
#define GALLERY_TIFF_MEMORY_H

#include <stddef.h>
#include <stdint.h>
#include <tiffio.h>

// The TIFF reader's (tiff_decode.c) way into libtiff: bytes in memory as its client file, read only, never mapped,
// with libtiff's errors kept for the caller and its warnings dropped.

/// The bytes libtiff reads, as its client file.
struct gallery_tiff_memory {
    const uint8_t *bytes;
    uint64_t count;
    uint64_t offset;
};

/// Where libtiff's errors go: the first one is kept for the caller.
struct gallery_tiff_errors {
    char *text;
    size_t capacity;
    int said;
};

/// Keeps `what` as the error when none is kept yet.
void gallery_tiff_say(struct gallery_tiff_errors *sink, const char *what);

/// libtiff's handle on `file`, its allocations held to `allocation_limit` bytes each (0: libtiff's own limit), its
/// errors in `sink`; NULL when its directory cannot be read.
TIFF *gallery_tiff_open(struct gallery_tiff_memory *file, struct gallery_tiff_errors *sink, size_t allocation_limit);

#endif
