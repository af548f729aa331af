// TIFF bytes in memory as libtiff's client file, and its messages kept (tiff_memory.h says what each does).
#include "tiff_memory.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static tmsize_t read_bytes(thandle_t handle, void *buffer, tmsize_t size) {
    struct gallery_tiff_memory *file = handle;
    if (size <= 0 || file->offset >= file->count) return 0;
    uint64_t left = file->count - file->offset;
    uint64_t taken = (uint64_t)size < left ? (uint64_t)size : left;
    memcpy(buffer, file->bytes + file->offset, taken);
    file->offset += taken;
    return (tmsize_t)taken;
}

static tmsize_t refuse_write(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle, (void)buffer, (void)size;
    return -1;
}

static toff_t seek_bytes(thandle_t handle, toff_t offset, int whence) {
    struct gallery_tiff_memory *file = handle;
    uint64_t base = whence == SEEK_CUR ? file->offset : whence == SEEK_END ? file->count : 0;
    // Past the end is allowed (a read there gives nothing); past 2^63 is refused.
    if (offset > INT64_MAX - base) return (toff_t)-1;
    file->offset = base + offset;
    return file->offset;
}

static int close_nothing(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t size_of(thandle_t handle) { return ((struct gallery_tiff_memory *)handle)->count; }

static int map_nothing(thandle_t handle, void **base, toff_t *size) {
    (void)handle, (void)base, (void)size;
    return 0;
}

static void unmap_nothing(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

static int keep_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff, (void)module;
    struct gallery_tiff_errors *sink = user;
    if (sink && !sink->said && sink->text && sink->capacity) {
        vsnprintf(sink->text, sink->capacity, format, arguments);
        sink->said = 1;
    }
    return 1;
}

static int ignore_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff, (void)user, (void)module, (void)format, (void)arguments;
    return 1;
}

void gallery_tiff_say(struct gallery_tiff_errors *sink, const char *what) {
    if (!sink->said && sink->text && sink->capacity) snprintf(sink->text, sink->capacity, "%s", what);
    sink->said = 1;
}

TIFF *gallery_tiff_open(struct gallery_tiff_memory *file, struct gallery_tiff_errors *sink, size_t allocation_limit) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) {
        gallery_tiff_say(sink, "out of memory");
        return NULL;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, keep_error, sink);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ignore_warning, NULL);
    if (allocation_limit) TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)allocation_limit);
    // "rm": read only, and no memory mapping (the bytes are ours already).
    TIFF *tiff = TIFFClientOpenExt("TIFF", "rm", file, read_bytes, refuse_write, seek_bytes, close_nothing, size_of,
                                   map_nothing, unmap_nothing, options);
    TIFFOpenOptionsFree(options);
    if (!tiff) gallery_tiff_say(sink, "libtiff cannot read its directory");
    return tiff;
}
