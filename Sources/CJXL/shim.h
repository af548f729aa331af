#ifndef GALLERY_CJXL_SHIM_H
#define GALLERY_CJXL_SHIM_H

#include <jxl/decode.h>

#endif
