#ifndef GALLERY_CLCMS2_SHIM_H
#define GALLERY_CLCMS2_SHIM_H

#include <lcms2.h>

// The pixel types lcms2 builds with macros, which Swift cannot import. ARGB8888 surfaces are B, G, R, A in memory on
// little-endian machines; Adobe's CMYK JPEGs store inverted inks.
static const cmsUInt32Number gallery_TYPE_BGRA_8 = TYPE_BGRA_8;
static const cmsUInt32Number gallery_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number gallery_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;

#endif
