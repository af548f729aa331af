#ifndef GALLERY_LAB_TO_SRGB_H
#define GALLERY_LAB_TO_SRGB_H

#include <stdint.h>

// CIE L*a*b* to sRGB, as an ICC transform with relative intent does it: L*a*b* relative to its white, that white
// adapted to sRGB's D65 with Bradford's matrix, then sRGB's primaries and curve. The TIFF reader's (tiff_decode.c).

/// A white point's conversion: the white's XYZ, the matrix from XYZ to linear sRGB, the sRGB curve as a table.
struct gallery_lab_conversion {
    double white[3];
    double to_linear_srgb[3][3];
    uint8_t encoded[4097];
};

/// Makes `lab` the conversion from L*a*b* relative to the white of chromaticity (`x`, `y`).
void gallery_lab_prepare(struct gallery_lab_conversion *lab, double x, double y);

/// L* (0 … 100), a* and b* as an opaque 0xFFRRGGBB pixel, out-of-gamut colours clipped.
uint32_t gallery_lab_pixel(const struct gallery_lab_conversion *lab, double l, double a, double b);

#endif
