#ifndef GALLERY_HEIF_DECODERS_H
#define GALLERY_HEIF_DECODERS_H

#include <libheif/heif.h>

// libheif decoder plugins for HEVC (libde265) and AV1 (dav1d), registered over libheif's own: they decode on every core
// (libheif 1.15's libde265 plugin decodes on one worker thread), and on request hand libheif a picture already reduced
// by a whole factor, in Y'CbCr 4:4:4, so libheif's conversion to RGB (which it does in every decode, even one asked for
// Y'CbCr) runs on the reduced picture, not on the whole one.

// Registers both plugins once; safe on any thread, any number of times. Returns 0 on success.
int gallery_heif_register_decoders(void);

// Until `gallery_heif_end_reduction`, the pictures the calling thread decodes are decoded on every core, and one of
// exactly `width` x `height` with 8-bit samples is handed to libheif reduced by `factor` when that is at least 2 (1: none
// is): each sample the mean of the samples under its factor x factor block, in 4:4:4, the size rounded down. Grid tiles,
// which libheif decodes on threads of its own (one a core), are decoded on their thread alone and never reduced.
void gallery_heif_begin_reduction(int width, int height, int factor);

// Ends the calling thread's request; returns how many pictures were reduced under it.
int gallery_heif_end_reduction(void);

#endif
