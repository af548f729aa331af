// A decoded HEIF picture's planes handed to libheif, reduced on request (heif_picture.h says what each function does).
#include "heif_decoders.h"
#include "heif_picture.h"

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

int gallery_heif_worker_count(void) {
    // Only the thread that asked (not libheif's grid tile threads, which already run one tile a core) gets workers.
    return request_factor > 0 ? core_count() : 1;
}

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
struct heif_error gallery_heif_make_image(const struct planes *planes, struct heif_image **out) {
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

void gallery_heif_set_nclx(struct heif_image *image, int primaries, int transfer, int matrix, int full_range) {
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    if (!nclx) return;
    heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)primaries);
    heif_nclx_color_profile_set_transfer_characteristics(nclx, (uint16_t)transfer);
    heif_nclx_color_profile_set_matrix_coefficients(nclx, (uint16_t)matrix);
    nclx->full_range_flag = (uint8_t)(full_range != 0);
    heif_image_set_nclx_color_profile(image, nclx);
    heif_nclx_color_profile_free(nclx);
}
