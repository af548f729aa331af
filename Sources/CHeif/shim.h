#ifndef GALLERY_CHEIF_SHIM_H
#define GALLERY_CHEIF_SHIM_H

#include <libheif/heif.h>

#endif
