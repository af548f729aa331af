#ifndef GALLERY_AVIF_DECODE_H
#define GALLERY_AVIF_DECODE_H

#include <stddef.h>
#include <stdint.h>

// An AVIF image sequence (`avis`: AV1 samples in a track) read through libavif, one decoder kept open while it plays:
// what libheif, which decodes the still AVIFs, does not read. libavif is reached through CFormatLibraryStubs'
// trampolines: load the AVIF group (`gallery_format_libraries_load`) before any call here.
//
// The decoder is bounded before any frame is decoded: the sequence's sample count (`max_frames`, libavif's
// `imageCountLimit`: a longer one is refused as it is parsed), its sides (`max_side`) and pixels (`max_pixels`, also
// dav1d's frame size limit), and it decodes on the calling thread alone (`maxThreads` 1: dav1d starts no worker
// thread, so the sandboxed decoder process keeps its one thread).

/// An opened sequence.
typedef struct gallery_avif_sequence gallery_avif_sequence;

/// What a sequence states, before any frame is decoded.
typedef struct gallery_avif_facts {
    /// The canvas (every frame has its size).
    uint32_t width;
    uint32_t height;
    /// The frames in the track (2 or more for an animation).
    uint32_t frame_count;
    /// Whether the frames have an alpha track.
    int has_alpha;
    /// Bits a sample (8, 10 or 12).
    uint32_t depth;
    /// The stated colour (H.273 codes), and the ICC profile's size when the file has one (`gallery_avif_icc`).
    uint16_t colour_primaries;
    uint16_t transfer_characteristics;
    size_t icc_size;
    /// The primaries' chromaticities as the file's code states them: red x, y, green x, y, blue x, y, white x, y.
    float primaries_xy[8];
    /// `irot` (quarter turns anticlockwise, 0 to 3) and `imir` (0: top and bottom exchanged, 1: left and right), or
    /// -1 when the file states none.
    int rotation;
    int mirror;
} gallery_avif_facts;

/// Opens the sequence in the `count` bytes at `bytes` (copied), parsing its container and sample tables only. NULL
/// with why in `error` (`capacity` bytes, NUL-terminated) when libavif cannot, it holds no sequence, or a bound above
/// refuses it.
gallery_avif_sequence *gallery_avif_open(const uint8_t *bytes, size_t count, uint32_t max_frames, uint32_t max_side,
                                         uint32_t max_pixels, char *error, size_t capacity);

/// The sequence's facts.
void gallery_avif_facts_of(const gallery_avif_sequence *sequence, gallery_avif_facts *facts);

/// The file's ICC profile (`facts.icc_size` bytes), owned by the sequence; NULL when it has none.
const uint8_t *gallery_avif_icc(const gallery_avif_sequence *sequence);

/// How long frame `index` shows, in seconds (its sample's duration over the track's timescale); -1 when there is no
/// such frame.
double gallery_avif_frame_seconds(const gallery_avif_sequence *sequence, uint32_t index);

/// Decodes frame `index` (the next one from the frame before, else from the keyframe before it) and writes it as 8-bit
/// RGBA, not premultiplied, `stride` bytes a row, into the `capacity` bytes at `rgba`. 0, or -1 with why in `error`.
int gallery_avif_frame(gallery_avif_sequence *sequence, uint32_t index, uint8_t *rgba, size_t stride,
                       size_t capacity, char *error, size_t error_capacity);

/// Ends the decoder and frees the sequence's memory. NULL does nothing.
void gallery_avif_close(gallery_avif_sequence *sequence);

/// libavif's version as it reports it once loaded, e.g. "0.11.1".
const char *gallery_avif_version(void);

#endif
