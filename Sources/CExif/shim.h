#ifndef GALLERY_CEXIF_SHIM_H
#define GALLERY_CEXIF_SHIM_H

#include <libexif/exif-data.h>

#endif
