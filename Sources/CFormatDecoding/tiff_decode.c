// TIFFs libtiff's RGBA interface gets wrong, read from libtiff's scanlines (tiff_decode.h says what each function does).
#include "tiff_decode.h"

#include "lab_to_srgb.h"
#include "tiff_memory.h"

#include <stdarg.h>
#include <stdlib.h>
#include <tiffio.h>

/// A field's value or its default, through libtiff's va_list form (a trampoline cannot forward a variadic call).
static int field(TIFF *tiff, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetFieldDefaulted(tiff, tag, arguments);
    va_end(arguments);
    return found;
}

/// A field's value only when the file states it, likewise.
static int stated_field(TIFF *tiff, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetField(tiff, tag, arguments);
    va_end(arguments);
    return found;
}

/// The layout of the first image, and which reading it needs.
struct layout {
    uint32_t width, height;
    uint16_t bits, samples, format, photometric, planar;
    int kind;
};

static struct layout layout_of(TIFF *tiff) {
    struct layout layout = {0};
    uint16_t ink_set = INKSET_CMYK;
    field(tiff, TIFFTAG_IMAGEWIDTH, &layout.width);
    field(tiff, TIFFTAG_IMAGELENGTH, &layout.height);
    field(tiff, TIFFTAG_BITSPERSAMPLE, &layout.bits);
    field(tiff, TIFFTAG_SAMPLESPERPIXEL, &layout.samples);
    field(tiff, TIFFTAG_SAMPLEFORMAT, &layout.format);
    field(tiff, TIFFTAG_PLANARCONFIG, &layout.planar);
    field(tiff, TIFFTAG_INKSET, &ink_set);
    if (!stated_field(tiff, TIFFTAG_PHOTOMETRIC, &layout.photometric)) return layout;
    if (TIFFIsTiled(tiff) || layout.width == 0 || layout.height == 0) return layout;
    int grey = layout.photometric == PHOTOMETRIC_MINISBLACK || layout.photometric == PHOTOMETRIC_MINISWHITE;
    int unsigned_integers = layout.format == SAMPLEFORMAT_UINT;
    int integers = unsigned_integers || layout.format == SAMPLEFORMAT_INT;
    if (grey && layout.samples == 1 && unsigned_integers && layout.bits >= 3 && layout.bits <= 15 && layout.bits != 4 &&
        layout.bits != 8)
        layout.kind = GALLERY_TIFF_GREY_BITS;
    else if (grey && layout.samples == 1 &&
             ((integers && layout.bits == 32) || (layout.format == SAMPLEFORMAT_INT && layout.bits == 16)))
        layout.kind = GALLERY_TIFF_GREY_WIDE;
    else if (layout.photometric == PHOTOMETRIC_SEPARATED && ink_set == INKSET_CMYK && layout.samples == 4 &&
             unsigned_integers && layout.bits == 16)
        layout.kind = GALLERY_TIFF_CMYK_WIDE;
    else if ((layout.photometric == PHOTOMETRIC_CIELAB || layout.photometric == PHOTOMETRIC_ICCLAB) &&
             layout.samples == 3 && (layout.bits == 8 || layout.bits == 16))
        layout.kind = GALLERY_TIFF_LAB;
    return layout;
}

int gallery_tiff_facts_of(const void *bytes, size_t count, size_t allocation_limit, gallery_tiff_facts *facts,
                          char *error, size_t capacity) {
    struct gallery_tiff_memory file = {bytes, count, 0};
    struct gallery_tiff_errors sink = {error, capacity, 0};
    TIFF *tiff = gallery_tiff_open(&file, &sink, allocation_limit);
    if (!tiff) return -1;
    struct layout layout = layout_of(tiff);
    TIFFClose(tiff);
    *facts = (gallery_tiff_facts){layout.width, layout.height, layout.kind};
    return 0;
}

/// The `index`th sample of `bits` bits (1 to 16: packed from the most significant bit; 16 and 32: native words) in
/// `row`; a signed one (16 or 32 bits) shifted to unsigned order (its zero at the middle), as the stretch compares them.
static uint32_t sample_at(const uint8_t *row, uint64_t index, uint16_t bits, int is_signed) {
    if (bits == 16) return ((const uint16_t *)row)[index] ^ (is_signed ? 0x8000u : 0);
    if (bits == 32) return ((const uint32_t *)row)[index] ^ (is_signed ? 0x80000000u : 0);
    uint64_t bit = index * bits;
    const uint8_t *at = row + bit / 8;
    uint32_t window = (uint32_t)at[0] << 16;
    uint64_t last = (bit + bits - 1) / 8 - bit / 8;
    if (last >= 1) window |= (uint32_t)at[1] << 8;
    if (last >= 2) window |= at[2];
    return window >> (24 - bit % 8 - bits) & ((1u << bits) - 1);
}

/// The Lab conversion for `tiff`: from the file's WhitePoint for CIELab when it is sane, else D50 (ICCLab's is always
/// D50).
static void prepare_lab(struct gallery_lab_conversion *lab, TIFF *tiff, int icc) {
    double x = 0.3457, y = 0.3585;
    float *white = NULL;
    if (!icc && stated_field(tiff, TIFFTAG_WHITEPOINT, &white) && white && white[0] > 0.01 && white[1] > 0.01 &&
        white[0] + white[1] < 0.99) {
        x = white[0];
        y = white[1];
    }
    gallery_lab_prepare(lab, x, y);
}

static uint32_t grey_pixel(uint32_t level, int inverted) {
    if (inverted) level = 255 - level;
    return 0xFF000000u | level << 16 | level << 8 | level;
}

/// One row of samples (`raw`, as libtiff gives them) into `out`'s pixels. Integer grey is kept as its sample (shifted
/// to unsigned order) for the stretch that follows the last row.
static void convert_row(const struct layout *layout, const uint8_t *raw, uint32_t *out,
                        const struct gallery_lab_conversion *lab) {
    int inverted = layout->photometric == PHOTOMETRIC_MINISWHITE;
    for (uint32_t x = 0; x < layout->width; x++) {
        switch (layout->kind) {
        case GALLERY_TIFF_GREY_BITS: {
            uint32_t most = (1u << layout->bits) - 1;
            uint32_t level = (sample_at(raw, x, layout->bits, 0) * 255 + most / 2) / most;
            out[x] = grey_pixel(level, inverted);
            break;
        }
        case GALLERY_TIFF_GREY_WIDE:
            out[x] = sample_at(raw, x, layout->bits, layout->format == SAMPLEFORMAT_INT);
            break;
        case GALLERY_TIFF_CMYK_WIDE: {
            const uint16_t *inks = (const uint16_t *)raw + (uint64_t)x * 4;
            uint64_t white = 65535 - inks[3];
            uint32_t pixel = 0xFF000000u;
            for (int i = 0; i < 3; i++) {
                uint64_t level = (65535 - inks[i]) * white / 65535;
                pixel |= (uint32_t)((level * 255 + 32767) / 65535) << (16 - 8 * i);
            }
            out[x] = pixel;
            break;
        }
        case GALLERY_TIFF_LAB: {
            int icc = layout->photometric == PHOTOMETRIC_ICCLAB;
            double l, a, b;
            if (layout->bits == 8) {
                const uint8_t *s = raw + (uint64_t)x * 3;
                l = s[0] * 100.0 / 255;
                a = icc ? s[1] - 128.0 : (int8_t)s[1];
                b = icc ? s[2] - 128.0 : (int8_t)s[2];
            } else {
                // CIELab: a* and b* in 1/256ths, signed; ICCLab: ICC's 16-bit Lab, 0 … 65535 for -128 … 127.
                const uint16_t *s = (const uint16_t *)raw + (uint64_t)x * 3;
                l = s[0] * 100.0 / 65535;
                a = icc ? s[1] * 255.0 / 65535 - 128 : (int16_t)s[1] / 256.0;
                b = icc ? s[2] * 255.0 / 65535 - 128 : (int16_t)s[2] / 256.0;
            }
            out[x] = gallery_lab_pixel(lab, l, a, b);
            break;
        }
        }
    }
}

/// Wide grey's samples, held in the pixels, to grey levels: zero (or the lowest value when negative) black, the
/// highest white.
static void stretch(const struct layout *layout, uint8_t *pixels, size_t stride) {
    int is_signed = layout->format == SAMPLEFORMAT_INT;
    uint32_t zero = is_signed ? 1u << (layout->bits - 1) : 0;
    uint32_t low = zero, high = zero;
    for (uint32_t y = 0; y < layout->height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + y * stride);
        for (uint32_t x = 0; x < layout->width; x++) {
            if (row[x] < low) low = row[x];
            if (row[x] > high) high = row[x];
        }
    }
    uint64_t range = (uint64_t)high - low;
    int inverted = layout->photometric == PHOTOMETRIC_MINISWHITE;
    for (uint32_t y = 0; y < layout->height; y++) {
        uint32_t *row = (uint32_t *)(pixels + y * stride);
        for (uint32_t x = 0; x < layout->width; x++) {
            uint64_t level = range ? (((uint64_t)row[x] - low) * 255 + range / 2) / range : 0;
            row[x] = grey_pixel((uint32_t)level, inverted);
        }
    }
}

int gallery_tiff_decode(const void *bytes, size_t count, uint32_t width, uint32_t height, void *pixels, size_t stride,
                        size_t allocation_limit, char *error, size_t capacity) {
    struct gallery_tiff_memory file = {bytes, count, 0};
    struct gallery_tiff_errors sink = {error, capacity, 0};
    TIFF *tiff = gallery_tiff_open(&file, &sink, allocation_limit);
    if (!tiff) return -1;
    struct layout layout = layout_of(tiff);
    int result = -1;
    uint8_t *raw = NULL;
    struct gallery_lab_conversion *lab = NULL;
    uint64_t row_bytes = TIFFScanlineSize64(tiff);
    // Each row's samples as stored: at least the width's samples (32 bits each at most), never more than it holds.
    uint64_t needed = ((uint64_t)layout.width * layout.samples * layout.bits + 7) / 8;
    if (layout.kind == GALLERY_TIFF_NOT_OURS || layout.width != width || layout.height != height) {
        gallery_tiff_say(&sink, "the image is not the one its header stated");
    } else if (stride / 4 < width) {
        gallery_tiff_say(&sink, "the pixels' rows are too short");
    } else if (layout.planar != PLANARCONFIG_CONTIG && layout.samples > 1) {
        gallery_tiff_say(&sink, "samples in separate planes are not read");
    } else if (row_bytes < needed || row_bytes > ((uint64_t)1 << 30) || !(raw = malloc(row_bytes))) {
        gallery_tiff_say(&sink, "a row's size is not the one its samples need");
    } else if (layout.kind == GALLERY_TIFF_LAB && !(lab = malloc(sizeof *lab))) {
        gallery_tiff_say(&sink, "out of memory");
    } else {
        if (lab) prepare_lab(lab, tiff, layout.photometric == PHOTOMETRIC_ICCLAB);
        result = 0;
        for (uint32_t y = 0; y < height; y++) {
            if (TIFFReadScanline(tiff, raw, y, 0) < 0) {
                gallery_tiff_say(&sink, "a row cannot be read");
                result = -1;
                break;
            }
            convert_row(&layout, raw, (uint32_t *)((uint8_t *)pixels + y * stride), lab);
        }
        if (result == 0 && layout.kind == GALLERY_TIFF_GREY_WIDE) stretch(&layout, pixels, stride);
    }
    free(raw);
    free(lab);
    TIFFClose(tiff);
    return result;
}
