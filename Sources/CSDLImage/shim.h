#ifndef GALLERY_CSDLIMAGE_SHIM_H
#define GALLERY_CSDLIMAGE_SHIM_H

// SDL_image and the part of SDL's core it needs (surfaces, RWops): no video, no events.
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

static inline const char *gallery_loader_IMG_GetError(void) { return IMG_GetError(); }

#endif
