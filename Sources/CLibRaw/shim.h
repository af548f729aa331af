#ifndef GALLERY_CLIBRAW_SHIM_H
#define GALLERY_CLIBRAW_SHIM_H

#include <libraw/libraw.h>

#endif
