#ifndef GALLERY_CGIF_SHIM_H
#define GALLERY_CGIF_SHIM_H

// giflib: an animated GIF read record by record (DGifGetRecordType, DGifGetImageDesc, DGifGetLine), so its frames are
// decoded as they are due into one canvas; SDL_image 2.6 only decodes every frame at once. EGifOpen writes test GIFs.
#include <gif_lib.h>

#endif
