#ifndef GALLERY_CWEBPDEMUX_SHIM_H
#define GALLERY_CWEBPDEMUX_SHIM_H

// libwebp's demuxer: WebPAnimDecoder decodes an animated WebP's frames onto its canvas, composited (blend and
// dispose methods applied).
#include <webp/demux.h>

#endif
