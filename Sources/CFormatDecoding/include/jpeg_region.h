#ifndef GALLERY_JPEG_REGION_H
#define GALLERY_JPEG_REGION_H

#include <stddef.h>

/// The outcome of `gallery_jpeg_decode_region`.
typedef struct {
    /// 0: decoded (maybe with warnings); 1: an error, nothing usable.
    int failed;
    /// Whether libjpeg warned (a damaged or truncated file): what decoded is kept.
    int warned;
    /// libjpeg's last message (the error, or the last warning).
    char message[200];
} gallery_jpeg_region_result;

/// Decodes the rectangle (x, y, width, height) of a JPEG's picture scaled by scale_num/8 (stored axes, in scaled
/// pixels) into `out` (width × height BGRA pixels, rows `out_pitch` bytes apart, alpha 255), reading only those rows
/// and, within them, the iMCU columns that hold them (libjpeg's jpeg_skip_scanlines and jpeg_crop_scanline), so a
/// region of a huge photo costs memory in proportion to the region. CMYK and YCCK are turned into RGB, inverted when an
/// Adobe marker says so. libjpeg may use at most `max_memory` bytes of working memory (a progressive file's
/// coefficients): beyond it the decode fails instead of allocating.
gallery_jpeg_region_result gallery_jpeg_decode_region(
    const unsigned char *data, size_t size, int scale_num, int x, int y, int width, int height,
    unsigned char *out, size_t out_pitch, long max_memory);

/// Decodes a whole sequential (non-progressive) JPEG scaled by scale_num/8 into `out` (width × height BGRA pixels, as
/// above) in two bands at once: rows [0, split) on the calling thread, rows [split, height) on a thread of its own,
/// which reads the file's first rows without transforming them (jpeg_skip_scanlines). The pixels are those of one
/// pass. The result is the first band's failure or warning, else the second's.
gallery_jpeg_region_result gallery_jpeg_decode_two_bands(
    const unsigned char *data, size_t size, int scale_num, int width, int height, int split, unsigned char *out,
    size_t out_pitch, long max_memory);

#endif
