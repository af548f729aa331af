#include "heif_decoders.h"

#include <dav1d/dav1d.h>
#include <errno.h>
#include <libde265/de265.h>
#include <libheif/heif_plugin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The calling thread's reduction request (see the header).
static _Thread_local int request_width, request_height, request_factor, request_count;

void gallery_heif_begin_reduction(int width, int height, int factor) {
    request_width = width;
    request_height = height;
    request_factor = factor;
    request_count = 0;
}

int gallery_heif_end_reduction(void) {
    int count = request_count;
    request_width = request_height = request_factor = request_count = 0;
    return count;
}

static int core_count(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
}

static struct heif_error ok(void) {
    struct heif_error error = {heif_error_Ok, heif_suberror_Unspecified, "Success"};
    return error;
}

static struct heif_error failure(const char *message) {
    struct heif_error error = {heif_error_Decoder_plugin_error, heif_suberror_Unspecified, message};
    return error;
}

// One decoded picture's planes, as a codec gives them.
struct planes {
    int width, height;             // luma samples
    int chroma_width, chroma_height; // 0 for monochrome
    int bits;                      // 8, 10 or 12; above 8, samples are 16-bit words
    const uint8_t *data[3];
    ptrdiff_t stride[3];
};

// The samples of a plane `sub` wide under output sample `index` of blocks `factor` wide over a plane `full` wide: at
// least one, inside the plane.
static void span(int index, int factor, int full, int sub, int *lower, int *upper) {
    long low = (long)index * factor * sub / full;
    if (low > sub - 1) low = sub - 1;
    long high = ((long)(index + 1) * factor * sub + full - 1) / full;
    if (high < low + 1) high = low + 1;
    if (high > sub) high = sub;
    *lower = (int)low;
    *upper = (int)high;
}

// `source` (8-bit, `full_width` x `full_height` luma samples, this plane `width` x `height`) reduced into `target`
// (`out_width` x `out_height`), each sample the rounded mean of the samples under it; rows `first_row` up to `end_row`
// of the output only. `sums` holds `width` counters.
struct reduction {
    const uint8_t *source;
    ptrdiff_t source_stride;
    int width, height, full_width, full_height, factor;
    uint8_t *target;
    int target_stride, out_width, out_height, first_row, end_row;
};

static void reduce_plane(const struct reduction *job, uint32_t *sums) {
    int out_width = job->out_width;
    int *lower = malloc(sizeof(int) * 2 * (size_t)out_width);
    if (!lower) return;
    int *upper = lower + out_width;
    for (int x = 0; x < out_width; x++) span(x, job->factor, job->full_width, job->width, &lower[x], &upper[x]);
    for (int y = job->first_row; y < job->end_row; y++) {
        int top, bottom;
        span(y, job->factor, job->full_height, job->height, &top, &bottom);
        memset(sums, 0, sizeof(uint32_t) * (size_t)job->width);
        for (int row = top; row < bottom; row++) {
            const uint8_t *samples = job->source + row * job->source_stride;
            for (int x = 0; x < job->width; x++) sums[x] += samples[x];
        }
        uint8_t *out = job->target + (ptrdiff_t)y * job->target_stride;
        for (int x = 0; x < out_width; x++) {
            uint32_t sum = 0;
            for (int column = lower[x]; column < upper[x]; column++) sum += sums[column];
            uint32_t count = (uint32_t)((upper[x] - lower[x]) * (bottom - top));
            out[x] = (uint8_t)((sum + count / 2) / count);
        }
    }
    free(lower);
}

// Up to three planes' reductions, each row range run in turn, with counters of their own.
struct reductions {
    struct reduction jobs[3];
    int count, widest;
};

static void *reduce_planes(void *argument) {
    const struct reductions *work = argument;
    uint32_t *sums = malloc(sizeof(uint32_t) * (size_t)work->widest);
    if (!sums) return argument;
    for (int index = 0; index < work->count; index++) reduce_plane(&work->jobs[index], sums);
    free(sums);
    return NULL;
}

// `work` reduced with the bottom half of every plane's rows on a second thread when there is a second core (the
// reduction runs after the codec's threads are done, on one core otherwise: 8 % of an AVIF's decode). Rows are
// independent, so the pixels are the same either way. 0 when done, -1 when memory ran out.
static int reduce_in_parallel(struct reductions *work) {
    struct reductions bottom = *work;
    pthread_t helper;
    int split = core_count() > 1;
    if (split) {
        for (int index = 0; index < work->count; index++) {
            int middle = work->jobs[index].out_height / 2;
            work->jobs[index].end_row = middle;
            bottom.jobs[index].first_row = middle;
        }
        split = pthread_create(&helper, NULL, reduce_planes, &bottom) == 0;
        if (!split) {
            for (int index = 0; index < work->count; index++) work->jobs[index].end_row = bottom.jobs[index].end_row;
        }
    }
    void *failed = reduce_planes(work);
    void *helper_failed = NULL;
    if (split) pthread_join(helper, &helper_failed);
    return failed || helper_failed ? -1 : 0;
}

// `planes` as a heif_image: reduced to 4:4:4 (or monochrome) when the calling thread asked for this size, else copied
// as they are.
static struct heif_error make_image(const struct planes *planes, struct heif_image **out) {
    int monochrome = planes->chroma_width == 0;
    int factor = request_factor;
    if (factor >= 2 && planes->bits == 8 && planes->width == request_width && planes->height == request_height &&
        planes->width / factor > 0 && planes->height / factor > 0) {
        int width = planes->width / factor, height = planes->height / factor;
        struct heif_error error =
            heif_image_create(width, height, monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr,
                              monochrome ? heif_chroma_monochrome : heif_chroma_444, out);
        if (error.code != heif_error_Ok) return error;
        static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
        struct reductions work = {.count = 0, .widest = planes->width};
        for (int c = 0; c < (monochrome ? 1 : 3); c++) {
            error = heif_image_add_plane(*out, channels[c], width, height, 8);
            if (error.code != heif_error_Ok) break;
            int stride = 0;
            uint8_t *target = heif_image_get_plane(*out, channels[c], &stride);
            if (!target) {
                error = failure("no plane");
                break;
            }
            struct reduction job = {
                .source = planes->data[c], .source_stride = planes->stride[c],
                .width = c == 0 ? planes->width : planes->chroma_width,
                .height = c == 0 ? planes->height : planes->chroma_height,
                .full_width = planes->width, .full_height = planes->height, .factor = factor,
                .target = target, .target_stride = stride, .out_width = width, .out_height = height,
                .first_row = 0, .end_row = height};
            work.jobs[work.count++] = job;
        }
        if (error.code == heif_error_Ok && reduce_in_parallel(&work) != 0) error = failure("no memory");
        if (error.code != heif_error_Ok) {
            heif_image_release(*out);
            *out = NULL;
            return error;
        }
        request_count++;
        return ok();
    }
    enum heif_chroma chroma = heif_chroma_monochrome;
    if (!monochrome) {
        chroma = planes->chroma_width == planes->width    ? heif_chroma_444
                 : planes->chroma_height == planes->height ? heif_chroma_422
                                                           : heif_chroma_420;
    }
    struct heif_error error = heif_image_create(
        planes->width, planes->height, monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr, chroma, out);
    if (error.code != heif_error_Ok) return error;
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    int bytes = planes->bits > 8 ? 2 : 1;
    for (int c = 0; c < (monochrome ? 1 : 3); c++) {
        int width = c == 0 ? planes->width : planes->chroma_width;
        int height = c == 0 ? planes->height : planes->chroma_height;
        error = heif_image_add_plane(*out, channels[c], width, height, planes->bits);
        if (error.code != heif_error_Ok) break;
        int stride = 0;
        uint8_t *target = heif_image_get_plane(*out, channels[c], &stride);
        if (!target) {
            error = failure("no plane");
            break;
        }
        for (int y = 0; y < height; y++)
            memcpy(target + (ptrdiff_t)y * stride, planes->data[c] + y * planes->stride[c], (size_t)width * bytes);
    }
    if (error.code != heif_error_Ok) {
        heif_image_release(*out);
        *out = NULL;
    }
    return error;
}

static void set_nclx(struct heif_image *image, int primaries, int transfer, int matrix, int full_range) {
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    if (!nclx) return;
    heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)primaries);
    heif_nclx_color_profile_set_transfer_characteristics(nclx, (uint16_t)transfer);
    heif_nclx_color_profile_set_matrix_coefficients(nclx, (uint16_t)matrix);
    nclx->full_range_flag = (uint8_t)(full_range != 0);
    heif_image_set_nclx_color_profile(image, nclx);
    heif_nclx_color_profile_free(nclx);
}

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
    // Only the thread that asked (not libheif's grid tile threads, which already run one tile a core) gets workers.
    de265_start_worker_threads(context, request_factor > 0 ? core_count() : 1);
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
                error = make_image(&planes, out);
                if (*out)
                    set_nclx(*out, de265_get_image_colour_primaries(picture),
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
    settings.n_threads = request_factor > 0 ? core_count() : 1;
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
        error = make_image(&planes, out);
        if (*out && picture.seq_hdr)
            set_nclx(*out, picture.seq_hdr->pri, picture.seq_hdr->trc, picture.seq_hdr->mtrx,
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
