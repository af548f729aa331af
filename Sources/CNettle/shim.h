#ifndef GALLERY_CNETTLE_SHIM_H
#define GALLERY_CNETTLE_SHIM_H

#include <nettle/md5.h>

#endif
