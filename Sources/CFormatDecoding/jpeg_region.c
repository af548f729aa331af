#include "jpeg_region.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <pthread.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    gallery_jpeg_region_result *result;
} region_error;

static void region_error_exit(j_common_ptr cinfo) {
    region_error *error = (region_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->result->message);
    error->result->failed = 1;
    longjmp(error->escape, 1);
}

static void region_emit_message(j_common_ptr cinfo, int level) {
    region_error *error = (region_error *)cinfo->err;
    if (level < 0) {  // a warning; trace messages (level >= 0) are ignored
        cinfo->err->num_warnings++;
        error->result->warned = 1;
        (*cinfo->err->format_message)(cinfo, error->result->message);
    }
}

static void region_output_message(j_common_ptr cinfo) { (void)cinfo; }

gallery_jpeg_region_result gallery_jpeg_decode_region(
    const unsigned char *data, size_t size, int scale_num, int x, int y, int width, int height,
    unsigned char *out, size_t out_pitch, long max_memory) {
    gallery_jpeg_region_result result;
    memset(&result, 0, sizeof result);
    struct jpeg_decompress_struct cinfo;
    region_error error;
    // Volatile: changed between setjmp and a longjmp back to it.
    unsigned char *volatile row = NULL;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = region_error_exit;
    error.base.emit_message = region_emit_message;
    error.base.output_message = region_output_message;
    error.result = &result;
    if (setjmp(error.escape)) {
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return result;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.mem->max_memory_to_use = max_memory;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    cinfo.scale_num = (unsigned int)scale_num;
    cinfo.scale_denom = 8;
    jpeg_start_decompress(&cinfo);
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || (JDIMENSION)(x + width) > cinfo.output_width ||
        (JDIMENSION)(y + height) > cinfo.output_height) {
        snprintf(result.message, sizeof result.message, "region %dx%d at (%d, %d) outside the %ux%u picture",
                 width, height, x, y, cinfo.output_width, cinfo.output_height);
        result.failed = 1;
        jpeg_destroy_decompress(&cinfo);
        return result;
    }
    // jpeg_crop_scanline widens the columns to whole iMCUs: x_offset moves left, crop_width grows.
    JDIMENSION x_offset = (JDIMENSION)x;
    JDIMENSION crop_width = (JDIMENSION)width;
    jpeg_crop_scanline(&cinfo, &x_offset, &crop_width);
    size_t shift = (size_t)x - x_offset;
    if (y > 0) jpeg_skip_scanlines(&cinfo, (JDIMENSION)y);
    row = malloc((size_t)crop_width * 4);
    if (!row) {
        snprintf(result.message, sizeof result.message, "out of memory for a %u-pixel row", crop_width);
        result.failed = 1;
        jpeg_destroy_decompress(&cinfo);
        return result;
    }
    int adobe = cinfo.saw_Adobe_marker;
    for (int line = 0; line < height; line++) {
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) {
            // Past the data: libjpeg already warned and filled; keep the rows so far and grey the rest.
            memset(out + (size_t)line * out_pitch, 0x80, (size_t)(height - line) * out_pitch);
            result.warned = 1;
            break;
        }
        unsigned char *target = out + (size_t)line * out_pitch;
        const unsigned char *source = row + shift * 4;
        if (cmyk) {
            for (int column = 0; column < width; column++) {
                const unsigned char *ink = source + column * 4;
                // Stored Adobe-inverted values are already 1 − ink.
                unsigned int white = adobe ? ink[3] : 255u - ink[3];
                unsigned int red = (adobe ? ink[0] : 255u - ink[0]) * white / 255u;
                unsigned int green = (adobe ? ink[1] : 255u - ink[1]) * white / 255u;
                unsigned int blue = (adobe ? ink[2] : 255u - ink[2]) * white / 255u;
                target[column * 4] = (unsigned char)blue;
                target[column * 4 + 1] = (unsigned char)green;
                target[column * 4 + 2] = (unsigned char)red;
                target[column * 4 + 3] = 255;
            }
        } else {
            memcpy(target, source, (size_t)width * 4);
        }
    }
    free(row);
    row = NULL;
    // The rows below the region are not needed: abort rather than decode them.
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return result;
}

/// One band of `gallery_jpeg_decode_two_bands`, as its thread's argument.
typedef struct {
    const unsigned char *data;
    size_t size;
    int scale_num, width, y, height;
    unsigned char *out;
    size_t out_pitch;
    long max_memory;
    gallery_jpeg_region_result result;
} band_job;

static void *decode_band(void *argument) {
    band_job *job = argument;
    job->result = gallery_jpeg_decode_region(
        job->data, job->size, job->scale_num, 0, job->y, job->width, job->height,
        job->out + (size_t)job->y * job->out_pitch, job->out_pitch, job->max_memory);
    return NULL;
}

gallery_jpeg_region_result gallery_jpeg_decode_two_bands(
    const unsigned char *data, size_t size, int scale_num, int width, int height, int split, unsigned char *out,
    size_t out_pitch, long max_memory) {
    band_job top = {data, size, scale_num, width, 0, split, out, out_pitch, max_memory, {0}};
    band_job bottom = {data, size, scale_num, width, split, height - split, out, out_pitch, max_memory, {0}};
    pthread_t thread;
    pthread_attr_t attributes;
    // A small stack: libjpeg keeps its buffers on the heap, and a decoder process's address space is its budget.
    int started = pthread_attr_init(&attributes) == 0 && pthread_attr_setstacksize(&attributes, 1 << 20) == 0 &&
                  pthread_create(&thread, &attributes, decode_band, &bottom) == 0;
    pthread_attr_destroy(&attributes);
    decode_band(&top);
    if (started) {
        pthread_join(thread, NULL);
    } else {
        decode_band(&bottom);
    }
    return top.result.failed || top.result.warned ? top.result : bottom.result;
}
