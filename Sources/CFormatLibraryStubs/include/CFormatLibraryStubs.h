#ifndef GALLERY_CFORMATLIBRARYSTUBS_H
#define GALLERY_CFORMATLIBRARYSTUBS_H

// The trampolines of the decoders' format libraries (SDL_image, libheif with libde265 and dav1d, libjxl, LibRaw),
// generated into FormatLibraryStubs.c by Scripts/generate-format-library-stubs.py: linked by the decoder side in
// place of those libraries, and never by the viewer. They declare nothing of their own: the libraries' headers do.

#endif
