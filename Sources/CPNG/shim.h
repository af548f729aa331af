// libpng's simplified API (png_image), wrapped where its macros do not import into Swift.
#include <png.h>
#include <string.h>

/// What `gallery_png_read_header` found: the size, whether the picture has alpha (an alpha channel or tRNS), and
/// libpng's message when it failed.
typedef struct {
    png_uint_32 width;
    png_uint_32 height;
    int has_alpha;
    int failed;
    char message[64];
} gallery_png_facts;

/// The size and alpha of the PNG in `data`, its header read by libpng.
static inline gallery_png_facts gallery_png_read_header(const void *data, size_t size) {
    gallery_png_facts facts;
    memset(&facts, 0, sizeof facts);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        facts.failed = 1;
        strncpy(facts.message, image.message, sizeof facts.message - 1);
        return facts;
    }
    facts.width = image.width;
    facts.height = image.height;
    facts.has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    png_image_free(&image);
    return facts;
}

/// Decodes the PNG in `data` into `out` as 8-bit B, G, R, A (straight alpha; 255 where the file has none), rows
/// `stride` bytes apart; 0 on success, else 1 with libpng's message in `message` (64 bytes).
static inline int gallery_png_decode_bgra(const void *data, size_t size, void *out, int stride, char *message) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        strncpy(message, image.message, 63);
        return 1;
    }
    image.format = PNG_FORMAT_BGRA;
    if (!png_image_finish_read(&image, NULL, out, stride, NULL)) {
        strncpy(message, image.message, 63);
        png_image_free(&image);
        return 1;
    }
    return 0;
}
