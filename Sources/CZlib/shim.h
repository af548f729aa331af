#ifndef GALLERY_CZLIB_SHIM_H
#define GALLERY_CZLIB_SHIM_H

#include <zlib.h>

#endif
