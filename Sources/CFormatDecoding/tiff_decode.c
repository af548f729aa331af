// TIFFs libtiff's RGBA interface gets wrong, read from libtiff's scanlines (tiff_decode.h says what each function does).
#include "tiff_decode.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/// The bytes libtiff reads, as its client file.
struct memory_file {
    const uint8_t *bytes;
    uint64_t count;
    uint64_t offset;
};

/// Where libtiff's errors go: the first one is kept for the caller.
struct error_sink {
    char *text;
    size_t capacity;
    int said;
};

static tmsize_t read_bytes(thandle_t handle, void *buffer, tmsize_t size) {
    struct memory_file *file = handle;
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
    struct memory_file *file = handle;
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

static toff_t size_of(thandle_t handle) { return ((struct memory_file *)handle)->count; }

static int map_nothing(thandle_t handle, void **base, toff_t *size) {
    (void)handle, (void)base, (void)size;
    return 0;
}

static void unmap_nothing(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

static int keep_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff, (void)module;
    struct error_sink *sink = user;
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

static void say(struct error_sink *sink, const char *what) {
    if (!sink->said && sink->text && sink->capacity) snprintf(sink->text, sink->capacity, "%s", what);
    sink->said = 1;
}

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

static TIFF *open_tiff(struct memory_file *file, struct error_sink *sink, size_t allocation_limit) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) {
        say(sink, "out of memory");
        return NULL;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, keep_error, sink);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ignore_warning, NULL);
    if (allocation_limit) TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)allocation_limit);
    // "rm": read only, and no memory mapping (the bytes are ours already).
    TIFF *tiff = TIFFClientOpenExt("TIFF", "rm", file, read_bytes, refuse_write, seek_bytes, close_nothing, size_of,
                                   map_nothing, unmap_nothing, options);
    TIFFOpenOptionsFree(options);
    if (!tiff) say(sink, "libtiff cannot read its directory");
    return tiff;
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
    struct memory_file file = {bytes, count, 0};
    struct error_sink sink = {error, capacity, 0};
    TIFF *tiff = open_tiff(&file, &sink, allocation_limit);
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

/// Lab to sRGB: the matrix from its white's XYZ to linear sRGB (Bradford to D65), and the sRGB curve as a table.
struct lab_conversion {
    double white[3];
    double to_linear_srgb[3][3];
    uint8_t encoded[4097];
};

static void multiply(const double a[3][3], const double b[3][3], double out[3][3]) {
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) out[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j];
}

static void prepare_lab(struct lab_conversion *lab, TIFF *tiff, int icc) {
    // The white's chromaticity: the file's WhitePoint for CIELab when it is sane, else D50 (ICCLab's is always D50).
    double x = 0.3457, y = 0.3585;
    float *white = NULL;
    if (!icc && stated_field(tiff, TIFFTAG_WHITEPOINT, &white) && white && white[0] > 0.01 && white[1] > 0.01 &&
        white[0] + white[1] < 0.99) {
        x = white[0];
        y = white[1];
    }
    lab->white[0] = x / y, lab->white[1] = 1, lab->white[2] = (1 - x - y) / y;
    static const double bradford[3][3] = {
        {0.8951, 0.2664, -0.1614}, {-0.7502, 1.7135, 0.0367}, {0.0389, -0.0685, 1.0296}};
    static const double bradford_inverse[3][3] = {
        {0.9869929, -0.1470543, 0.1599627}, {0.4323053, 0.5183603, 0.0492912}, {-0.0085287, 0.0400428, 0.9684867}};
    static const double d65[3] = {0.95047, 1, 1.08883};
    static const double xyz_to_srgb[3][3] = {
        {3.2404542, -1.5371385, -0.4985314}, {-0.9692660, 1.8760108, 0.0415560}, {0.0556434, -0.2040259, 1.0572252}};
    double scale[3][3] = {{0}};
    for (int i = 0; i < 3; i++) {
        double source = 0, target = 0;
        for (int j = 0; j < 3; j++) source += bradford[i][j] * lab->white[j], target += bradford[i][j] * d65[j];
        scale[i][i] = target / source;
    }
    double step[3][3], adapt[3][3];
    multiply(scale, bradford, step);
    multiply(bradford_inverse, step, adapt);
    multiply(xyz_to_srgb, adapt, lab->to_linear_srgb);
    for (int i = 0; i <= 4096; i++) {
        double linear = i / 4096.0;
        double value = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
        lab->encoded[i] = (uint8_t)lround(value * 255);
    }
}

static double lab_inverse(double t) { return t > 6.0 / 29 ? t * t * t : 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0 / 29); }

static uint32_t lab_pixel(const struct lab_conversion *lab, double l, double a, double b) {
    double fy = (l + 16) / 116;
    double xyz[3] = {lab->white[0] * lab_inverse(fy + a / 500), lab->white[1] * lab_inverse(fy),
                     lab->white[2] * lab_inverse(fy - b / 200)};
    uint32_t pixel = 0xFF000000u;
    for (int i = 0; i < 3; i++) {
        double linear = lab->to_linear_srgb[i][0] * xyz[0] + lab->to_linear_srgb[i][1] * xyz[1] +
                        lab->to_linear_srgb[i][2] * xyz[2];
        linear = linear < 0 ? 0 : linear > 1 ? 1 : linear;
        pixel |= (uint32_t)lab->encoded[lround(linear * 4096)] << (16 - 8 * i);
    }
    return pixel;
}

static uint32_t grey_pixel(uint32_t level, int inverted) {
    if (inverted) level = 255 - level;
    return 0xFF000000u | level << 16 | level << 8 | level;
}

/// One row of samples (`raw`, as libtiff gives them) into `out`'s pixels. Integer grey is kept as its sample (shifted
/// to unsigned order) for the stretch that follows the last row.
static void convert_row(const struct layout *layout, const uint8_t *raw, uint32_t *out,
                        const struct lab_conversion *lab) {
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
            out[x] = lab_pixel(lab, l, a, b);
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
    struct memory_file file = {bytes, count, 0};
    struct error_sink sink = {error, capacity, 0};
    TIFF *tiff = open_tiff(&file, &sink, allocation_limit);
    if (!tiff) return -1;
    struct layout layout = layout_of(tiff);
    int result = -1;
    uint8_t *raw = NULL;
    struct lab_conversion *lab = NULL;
    uint64_t row_bytes = TIFFScanlineSize64(tiff);
    // Each row's samples as stored: at least the width's samples (32 bits each at most), never more than it holds.
    uint64_t needed = ((uint64_t)layout.width * layout.samples * layout.bits + 7) / 8;
    if (layout.kind == GALLERY_TIFF_NOT_OURS || layout.width != width || layout.height != height) {
        say(&sink, "the image is not the one its header stated");
    } else if (stride / 4 < width) {
        say(&sink, "the pixels' rows are too short");
    } else if (layout.planar != PLANARCONFIG_CONTIG && layout.samples > 1) {
        say(&sink, "samples in separate planes are not read");
    } else if (row_bytes < needed || row_bytes > ((uint64_t)1 << 30) || !(raw = malloc(row_bytes))) {
        say(&sink, "a row's size is not the one its samples need");
    } else if (layout.kind == GALLERY_TIFF_LAB && !(lab = malloc(sizeof *lab))) {
        say(&sink, "out of memory");
    } else {
        if (lab) prepare_lab(lab, tiff, layout.photometric == PHOTOMETRIC_ICCLAB);
        result = 0;
        for (uint32_t y = 0; y < height; y++) {
            if (TIFFReadScanline(tiff, raw, y, 0) < 0) {
                say(&sink, "a row cannot be read");
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
