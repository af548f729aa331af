// AVIF image sequences through libavif (avif_decode.h says what each function does).
#include "avif_decode.h"

#include <avif/avif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gallery_avif_sequence {
    avifDecoder *decoder;
    /// The file's bytes, ours: libavif reads them for as long as the decoder lives, and does not copy them.
    uint8_t *bytes;
    gallery_avif_facts facts;
};

/// `what` and libavif's result, with its diagnostics when it left some, into `error`.
static void say(char *error, size_t capacity, const char *what, avifResult result, const avifDecoder *decoder) {
    if (!error || !capacity) return;
    const char *detail = decoder && decoder->diag.error[0] ? decoder->diag.error : NULL;
    snprintf(error, capacity, "%s: %s%s%s%s", what, avifResultToString(result), detail ? " (" : "", detail ? detail : "",
             detail ? ")" : "");
}

void gallery_avif_close(gallery_avif_sequence *sequence) {
    if (!sequence) return;
    if (sequence->decoder) avifDecoderDestroy(sequence->decoder);
    free(sequence->bytes);
    free(sequence);
}

gallery_avif_sequence *gallery_avif_open(const uint8_t *bytes, size_t count, uint32_t max_frames, uint32_t max_side,
                                         uint32_t max_pixels, char *error, size_t capacity) {
    if (error && capacity) error[0] = 0;
    if (!bytes || count == 0 || max_frames == 0 || max_side == 0 || max_pixels == 0) {
        if (error && capacity) snprintf(error, capacity, "no AVIF bytes");
        return NULL;
    }
    gallery_avif_sequence *sequence = calloc(1, sizeof *sequence);
    if (!sequence || !(sequence->bytes = malloc(count)) || !(sequence->decoder = avifDecoderCreate())) {
        gallery_avif_close(sequence);
        if (error && capacity) snprintf(error, capacity, "no memory for an AVIF decoder");
        return NULL;
    }
    memcpy(sequence->bytes, bytes, count);
    avifDecoder *decoder = sequence->decoder;
    // One thread: dav1d starts no worker (libavif hands it maxThreads), and AV1 never runs outside the caller.
    decoder->maxThreads = 1;
    if (avifCodecName(AVIF_CODEC_CHOICE_DAV1D, AVIF_CODEC_FLAG_CAN_DECODE)) decoder->codecChoice = AVIF_CODEC_CHOICE_DAV1D;
    // Bounded before any sample is read: the sample count while the tables are parsed (a claimed billion samples is
    // refused there, not allocated), the sides and pixels before the AV1 decoder allocates a frame.
    decoder->imageCountLimit = max_frames;
    decoder->imageDimensionLimit = max_side;
    decoder->imageSizeLimit = max_pixels;
    decoder->ignoreExif = AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    // As browsers read them: files of encoders that leave out a property the specification asks for still play.
    decoder->strictFlags = AVIF_STRICT_DISABLED;
    avifResult result = avifDecoderSetSource(decoder, AVIF_DECODER_SOURCE_TRACKS);
    if (result == AVIF_RESULT_OK) result = avifDecoderSetIOMemory(decoder, sequence->bytes, count);
    if (result == AVIF_RESULT_OK) result = avifDecoderParse(decoder);
    if (result != AVIF_RESULT_OK) {
        say(error, capacity, "libavif could not read the sequence", result, decoder);
        gallery_avif_close(sequence);
        return NULL;
    }
    const avifImage *image = decoder->image;
    uint64_t area = (uint64_t)image->width * image->height;
    if (decoder->imageCount < 1 || image->width == 0 || image->height == 0 || image->width > max_side ||
        image->height > max_side || area > max_pixels) {
        if (error && capacity)
            snprintf(error, capacity, "a sequence of %d frames of %u×%u px is refused", decoder->imageCount,
                     image->width, image->height);
        gallery_avif_close(sequence);
        return NULL;
    }
    gallery_avif_facts *facts = &sequence->facts;
    facts->width = image->width;
    facts->height = image->height;
    facts->frame_count = (uint32_t)decoder->imageCount;
    facts->has_alpha = decoder->alphaPresent ? 1 : 0;
    facts->depth = image->depth;
    facts->colour_primaries = (uint16_t)image->colorPrimaries;
    facts->transfer_characteristics = (uint16_t)image->transferCharacteristics;
    facts->icc_size = image->icc.data ? image->icc.size : 0;
    avifColorPrimariesGetValues(image->colorPrimaries, facts->primaries_xy);
    facts->rotation = (image->transformFlags & AVIF_TRANSFORM_IROT) ? (image->irot.angle & 3) : -1;
    facts->mirror = (image->transformFlags & AVIF_TRANSFORM_IMIR) ? (image->imir.mode & 1) : -1;
    return sequence;
}

const char *gallery_avif_version(void) { return avifVersion(); }

void gallery_avif_facts_of(const gallery_avif_sequence *sequence, gallery_avif_facts *facts) {
    *facts = sequence->facts;
}

const uint8_t *gallery_avif_icc(const gallery_avif_sequence *sequence) {
    return sequence->facts.icc_size ? sequence->decoder->image->icc.data : NULL;
}

double gallery_avif_frame_seconds(const gallery_avif_sequence *sequence, uint32_t index) {
    if (index >= sequence->facts.frame_count) return -1;
    avifImageTiming timing;
    if (avifDecoderNthImageTiming(sequence->decoder, index, &timing) != AVIF_RESULT_OK) return -1;
    return timing.duration;
}

int gallery_avif_frame(gallery_avif_sequence *sequence, uint32_t index, uint8_t *rgba, size_t stride,
                       size_t capacity, char *error, size_t error_capacity) {
    if (error && error_capacity) error[0] = 0;
    const gallery_avif_facts *facts = &sequence->facts;
    // The buffer holds the canvas: checked in 64 bits (a side is at most max_side, far below 2^31).
    if (!rgba || index >= facts->frame_count || stride < (size_t)facts->width * 4 || stride > UINT32_MAX ||
        (uint64_t)stride * facts->height > capacity) {
        if (error && error_capacity) snprintf(error, error_capacity, "no frame %u of %u", index + 1, facts->frame_count);
        return -1;
    }
    avifDecoder *decoder = sequence->decoder;
    // The next frame continues the decode; any other goes back to its keyframe (libavif's Nth image).
    avifResult result = (int64_t)index == (int64_t)decoder->imageIndex + 1 ? avifDecoderNextImage(decoder)
                                                                          : avifDecoderNthImage(decoder, index);
    if (result != AVIF_RESULT_OK) {
        say(error, error_capacity, "libavif could not decode the frame", result, decoder);
        return -1;
    }
    const avifImage *image = decoder->image;
    // The AV1 payload may state another size than the container: a frame that is not the canvas is damage.
    if (image->width != facts->width || image->height != facts->height) {
        if (error && error_capacity)
            snprintf(error, error_capacity, "frame %u is %u×%u px, not the sequence's %u×%u", index + 1, image->width,
                     image->height, facts->width, facts->height);
        return -1;
    }
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.pixels = rgba;
    rgb.rowBytes = (uint32_t)stride;
    result = avifImageYUVToRGB(image, &rgb);
    if (result != AVIF_RESULT_OK) {
        say(error, error_capacity, "libavif could not convert the frame to RGB", result, NULL);
        return -1;
    }
    return 0;
}
