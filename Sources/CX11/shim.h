#ifndef GALLERY_CX11_SHIM_H
#define GALLERY_CX11_SHIM_H

#include <X11/Xlib.h>

#endif
