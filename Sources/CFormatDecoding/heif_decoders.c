#include "heif_decoders.h"
#include "heif_picture.h"

#include <dav1d/dav1d.h>
#include <errno.h>
#include <libde265/de265.h>
#include <libheif/heif_plugin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Bytes pushed by libheif, kept until the decode.
struct pushed {
    uint8_t *bytes;
    size_t count;
};

static struct heif_error push(struct pushed *pushed, const void *data, size_t size) {
    uint8_t *grown = realloc(pushed->bytes, pushed->count + size);
    if (!grown) return failure("no memory");
    memcpy(grown + pushed->count, data, size);
    pushed->bytes = grown;
    pushed->count += size;
    return ok();
}

// --- HEVC through libde265

static const char *hevc_name(void) { return "gallery libde265, all cores"; }

static int hevc_supports(enum heif_compression_format format) { return format == heif_compression_HEVC ? 200 : 0; }

static struct heif_error hevc_new(void **decoder) {
    struct pushed *pushed = calloc(1, sizeof(struct pushed));
    if (!pushed) return failure("no memory");
    *decoder = pushed;
    return ok();
}

static void hevc_free(void *decoder) {
    struct pushed *pushed = decoder;
    free(pushed->bytes);
    free(pushed);
}

static struct heif_error hevc_push(void *decoder, const void *data, size_t size) { return push(decoder, data, size); }

static struct heif_error hevc_decode(void *decoder, struct heif_image **out) {
    struct pushed *pushed = decoder;
    *out = NULL;
    de265_decoder_context *context = de265_new_decoder();
    if (!context) return failure("libde265: no decoder");
    de265_start_worker_threads(context, gallery_heif_worker_count());
    struct heif_error error = ok();
    // libheif pushes NAL units each behind its 4-byte big-endian length.
    size_t at = 0;
    while (at < pushed->count) {
        if (pushed->count - at < 4) {
            error = failure("libde265: a NAL unit's length is cut");
            break;
        }
        const uint8_t *length = pushed->bytes + at;
        size_t size = (size_t)length[0] << 24 | (size_t)length[1] << 16 | (size_t)length[2] << 8 | length[3];
        at += 4;
        if (size > pushed->count - at) {
            error = failure("libde265: a NAL unit is cut");
            break;
        }
        de265_push_NAL(context, pushed->bytes + at, (int)size, 0, NULL);
        at += size;
    }
    if (error.code == heif_error_Ok) {
        de265_flush_data(context);
        int more = 1;
        while (more && !*out) {
            more = 0;
            if (de265_decode(context, &more) != DE265_OK) break;
            const struct de265_image *picture = de265_get_next_picture(context);
            if (!picture) continue;
            struct planes planes = {0};
            planes.width = de265_get_image_width(picture, 0);
            planes.height = de265_get_image_height(picture, 0);
            planes.bits = de265_get_bits_per_pixel(picture, 0);
            int stride = 0;
            planes.data[0] = de265_get_image_plane(picture, 0, &stride);
            planes.stride[0] = stride;
            if (de265_get_chroma_format(picture) != de265_chroma_mono) {
                planes.chroma_width = de265_get_image_width(picture, 1);
                planes.chroma_height = de265_get_image_height(picture, 1);
                for (int c = 1; c < 3; c++) {
                    planes.data[c] = de265_get_image_plane(picture, c, &stride);
                    planes.stride[c] = stride;
                }
            }
            if (planes.width > 0 && planes.height > 0 && planes.data[0] &&
                (planes.chroma_width == 0 || (planes.data[1] && planes.data[2] && planes.chroma_height > 0))) {
                error = gallery_heif_make_image(&planes, out);
                if (*out)
                    gallery_heif_set_nclx(*out, de265_get_image_colour_primaries(picture),
                             de265_get_image_transfer_characteristics(picture),
                             de265_get_image_matrix_coefficients(picture), de265_get_image_full_range_flag(picture));
            }
            de265_release_next_picture(context);
        }
    }
    de265_free_decoder(context);
    if (error.code == heif_error_Ok && !*out) error = failure("libde265: no picture");
    return error;
}

static void hevc_strict(void *decoder, int flag) {
    (void)decoder;
    (void)flag;
}

static const struct heif_decoder_plugin hevc_plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = hevc_name,
    .does_support_format = hevc_supports,
    .new_decoder = hevc_new,
    .free_decoder = hevc_free,
    .push_data = hevc_push,
    .decode_image = hevc_decode,
    .set_strict_decoding = hevc_strict,
    .id_name = "gallery-libde265",
};

// --- AV1 through dav1d

static const char *av1_name(void) { return "gallery dav1d, all cores"; }

static int av1_supports(enum heif_compression_format format) { return format == heif_compression_AV1 ? 200 : 0; }

static struct heif_error av1_decode(void *decoder, struct heif_image **out) {
    struct pushed *pushed = decoder;
    *out = NULL;
    Dav1dSettings settings;
    dav1d_default_settings(&settings);
    settings.n_threads = gallery_heif_worker_count();
    settings.max_frame_delay = 1;
    settings.all_layers = 0;
    settings.frame_size_limit = 1u << 28;
    Dav1dContext *context = NULL;
    if (dav1d_open(&context, &settings) != 0) return failure("dav1d: no decoder");
    Dav1dData data = {0};
    uint8_t *bytes = dav1d_data_create(&data, pushed->count);
    if (!bytes) {
        dav1d_close(&context);
        return failure("no memory");
    }
    memcpy(bytes, pushed->bytes, pushed->count);
    Dav1dPicture picture = {0};
    int status = 0;
    // Bounded: a still image's data is sent in a few calls, and its one picture follows.
    for (int attempt = 0; attempt < 100000; attempt++) {
        if (data.sz > 0) {
            status = dav1d_send_data(context, &data);
            if (status < 0 && status != DAV1D_ERR(EAGAIN)) break;
        }
        status = dav1d_get_picture(context, &picture);
        if (status == 0 || (status < 0 && status != DAV1D_ERR(EAGAIN))) break;
    }
    dav1d_data_unref(&data);
    struct heif_error error = failure("dav1d: no picture");
    if (status == 0) {
        struct planes planes = {0};
        planes.width = picture.p.w;
        planes.height = picture.p.h;
        planes.bits = picture.p.bpc;
        planes.data[0] = picture.data[0];
        planes.stride[0] = picture.stride[0];
        if (picture.p.layout != DAV1D_PIXEL_LAYOUT_I400) {
            int ss_x = picture.p.layout != DAV1D_PIXEL_LAYOUT_I444, ss_y = picture.p.layout == DAV1D_PIXEL_LAYOUT_I420;
            planes.chroma_width = (planes.width + ss_x) >> ss_x;
            planes.chroma_height = (planes.height + ss_y) >> ss_y;
            planes.data[1] = picture.data[1];
            planes.data[2] = picture.data[2];
            planes.stride[1] = planes.stride[2] = picture.stride[1];
        }
        error = gallery_heif_make_image(&planes, out);
        if (*out && picture.seq_hdr)
            gallery_heif_set_nclx(*out, picture.seq_hdr->pri, picture.seq_hdr->trc, picture.seq_hdr->mtrx,
                     picture.seq_hdr->color_range);
        dav1d_picture_unref(&picture);
    }
    dav1d_close(&context);
    return error;
}

static const struct heif_decoder_plugin av1_plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = av1_name,
    .does_support_format = av1_supports,
    .new_decoder = hevc_new,
    .free_decoder = hevc_free,
    .push_data = hevc_push,
    .decode_image = av1_decode,
    .set_strict_decoding = hevc_strict,
    .id_name = "gallery-dav1d",
};

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registration_status = -1;

static void register_decoders(void) {
    struct heif_error hevc = heif_register_decoder_plugin(&hevc_plugin);
    struct heif_error av1 = heif_register_decoder_plugin(&av1_plugin);
    registration_status = hevc.code == heif_error_Ok && av1.code == heif_error_Ok ? 0 : -1;
}

int gallery_heif_register_decoders(void) {
    pthread_once(&registration, register_decoders);
    return registration_status;
}
