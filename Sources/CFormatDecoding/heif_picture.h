// What the HEVC and AV1 plugins (heif_decoders.c) share with the picture they hand libheif (heif_picture.c): the planes
// a codec decoded, made into a heif_image (reduced when the calling thread asked, gallery_heif_begin_reduction), and
// the threads a codec may decode on. Private to CFormatDecoding.
#ifndef GALLERY_HEIF_PICTURE_H
#define GALLERY_HEIF_PICTURE_H

#include <libheif/heif.h>
#include <stddef.h>
#include <stdint.h>

// One decoded picture's planes, as a codec gives them.
struct planes {
    int width, height;             // luma samples
    int chroma_width, chroma_height; // 0 for monochrome
    int bits;                      // 8, 10 or 12; above 8, samples are 16-bit words
    const uint8_t *data[3];
    ptrdiff_t stride[3];
};

// The threads a codec decodes the calling thread's picture on: every core (at most 64) when that thread asked for a
// reduction, else 1 (libheif's grid tile threads already run one tile a core).
int gallery_heif_worker_count(void);

// `planes` as a heif_image in `*out`: reduced to 4:4:4 (or monochrome) when the calling thread asked for this size,
// else copied as they are. On failure `*out` is NULL.
struct heif_error gallery_heif_make_image(const struct planes *planes, struct heif_image **out);

// Gives `image` the colour description (nclx) its bitstream states.
void gallery_heif_set_nclx(struct heif_image *image, int primaries, int transfer, int matrix, int full_range);

// libheif's success.
static inline struct heif_error ok(void) {
    struct heif_error error = {heif_error_Ok, heif_suberror_Unspecified, "Success"};
    return error;
}

// A plugin's failure saying `message` (a string that outlives the decode).
static inline struct heif_error failure(const char *message) {
    struct heif_error error = {heif_error_Decoder_plugin_error, heif_suberror_Unspecified, message};
    return error;
}

#endif
