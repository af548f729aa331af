#ifndef GALLERY_CSDL2_SHIM_H
#define GALLERY_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

// Macros Swift cannot import, as inline functions.

static inline int gallery_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }

static inline int gallery_SDL_BlitScaled(SDL_Surface *src, const SDL_Rect *srcrect,
                                         SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitScaled(src, srcrect, dst, dstrect);
}

static inline int gallery_SDL_BlitSurface(SDL_Surface *src, const SDL_Rect *srcrect,
                                          SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}

static inline const char *gallery_TTF_GetError(void) { return TTF_GetError(); }

static inline int gallery_SDL_MUSTLOCK(SDL_Surface *surface) { return SDL_MUSTLOCK(surface); }

#endif
