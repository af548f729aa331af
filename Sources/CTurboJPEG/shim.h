#ifndef GALLERY_CTURBOJPEG_SHIM_H
#define GALLERY_CTURBOJPEG_SHIM_H

#include <turbojpeg.h>

// TJSCALED is a macro Swift cannot import.
static inline int gallery_TJSCALED(int dimension, tjscalingfactor factor) { return TJSCALED(dimension, factor); }

#endif
