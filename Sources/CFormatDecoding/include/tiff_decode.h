#ifndef GALLERY_TIFF_DECODE_H
#define GALLERY_TIFF_DECODE_H

#include <stddef.h>
#include <stdint.h>

// The TIFFs libtiff's RGBA interface (which SDL_image reads every TIFF through) refuses or shows
// wrongly, read here from libtiff's scanlines: grey of 3 to 15 bits a sample (12-bit scans), grey of integers (32-bit, or 16-bit signed),
// 16-bit CMYK, and CIE / ICC L*a*b*. libtiff is reached through CFormatLibraryStubs' trampolines (it comes with
// SDL_image): load the SDL_image group (`gallery_format_libraries_load`) before any call here.

/// What this reader does for a TIFF: nothing (SDL_image's reading is right), or one of its own readings.
typedef enum gallery_tiff_kind {
    GALLERY_TIFF_NOT_OURS = 0,
    /// Unsigned grey of 3 to 15 bits a sample, scaled from its whole range (libtiff's RGBA refuses them).
    GALLERY_TIFF_GREY_BITS = 1,
    /// Grey of 32-bit integers, signed or not, or of 16-bit signed ones (a measurement, not a display encoding:
    /// Pillow's mode I), stretched from zero, or the lowest value when negative, to the highest value present.
    GALLERY_TIFF_GREY_WIDE = 2,
    /// CMYK of 16 bits a sample (libtiff's RGBA refuses them), each ink over white as libtiff does at 8 bits.
    GALLERY_TIFF_CMYK_WIDE = 3,
    /// L*a*b* (CIELab, TIFF 6.0; ICCLab), 8 or 16 bits, to sRGB from its white point (D50 unless the file states
    /// one) with Bradford's adaptation to D65, as an ICC transform does (libtiff's RGBA leaves it unadapted: yellow).
    GALLERY_TIFF_LAB = 4,
} gallery_tiff_kind;

/// A TIFF's first image as this reader sees it.
typedef struct gallery_tiff_facts {
    uint32_t width;
    uint32_t height;
    /// A `gallery_tiff_kind`.
    int kind;
} gallery_tiff_facts;

/// The facts of the TIFF in the `count` bytes at `bytes` (its first image), libtiff allocating at most
/// `allocation_limit` bytes at once. 0, or -1 when libtiff cannot read its directory, with why in `error` (`capacity`
/// bytes, NUL-terminated). A tiled image is never this reader's.
int gallery_tiff_facts_of(const void *bytes, size_t count, size_t allocation_limit, gallery_tiff_facts *facts,
                          char *error, size_t capacity);

/// Decodes the TIFF's first image, of a kind this reader takes and exactly `width` × `height` (from
/// `gallery_tiff_facts_of`), into `pixels`: `height` rows of `stride` bytes, each pixel a native-endian 0xFFRRGGBB
/// word. libtiff allocates at most `allocation_limit` bytes at once. 0, or -1 with why in `error`.
int gallery_tiff_decode(const void *bytes, size_t count, uint32_t width, uint32_t height, void *pixels, size_t stride,
                        size_t allocation_limit, char *error, size_t capacity);

#endif
