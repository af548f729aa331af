#ifndef GALLERY_CFORMATLIBRARIES_H
#define GALLERY_CFORMATLIBRARIES_H

#include <stddef.h>

// The format libraries a decoder loads when a photo first needs them, not at start: a folder of JPEGs never maps
// SDL_image (and SDL's audio, X11 and Wayland through it), libheif, libjxl or LibRaw. The package links trampolines
// with the libraries' own prototypes (FormatLibraryStubs.c) instead of the libraries; each forwards to the function
// `dlsym` found when its group was loaded. A decoder process loads the groups a photo needs before its sandbox goes on
// (the sandbox refuses the opens `dlopen` makes), and seals the loader then (`gallery_format_libraries_seal`).

/// The groups, loaded together: SDL_image (SDL's core with it); libheif with libde265 and dav1d (our decoder plugins);
/// libjxl and its thread pool; LibRaw; librsvg with cairo, GObject and GLib; SDL's core; SDL_ttf (SDL's core with it);
/// libavif (AVIF image sequences, with the AV1 codecs it is built with). The viewer links the trampolines of
/// SDL and SDL_ttf too, and loads them on a thread at start (~11 ms of the dynamic loader's, with SDL's ~50 libraries
/// of audio, X11 and Wayland) instead of before `main`.
enum {
    GALLERY_FORMAT_LIBRARIES_IMAGE_LOADER = 0,
    GALLERY_FORMAT_LIBRARIES_HEIF = 1,
    GALLERY_FORMAT_LIBRARIES_JXL = 2,
    GALLERY_FORMAT_LIBRARIES_RAW = 3,
    GALLERY_FORMAT_LIBRARIES_SVG = 4,
    GALLERY_FORMAT_LIBRARIES_SDL = 5,
    GALLERY_FORMAT_LIBRARIES_TTF = 6,
    GALLERY_FORMAT_LIBRARIES_AVIF = 7,
    GALLERY_FORMAT_LIBRARIES_GROUP_COUNT = 8,
};

/// Loads `group`'s libraries (once: later calls give the first outcome). 0 when they are loaded; -1 when not, with
/// why in `error` ("libheif could not be loaded: …"; `capacity` bytes, NUL-terminated).
int gallery_format_libraries_load(int group, char *error, size_t capacity);

/// 1 when `group` is loaded, -1 when its load failed, 0 when it was not tried.
int gallery_format_libraries_state(int group);

/// No group is loaded from now on (the sandbox is about to refuse every open): a later load fails with "… was not
/// loaded before the sandbox" and its group is remembered (`gallery_format_libraries_take_missed`).
void gallery_format_libraries_seal(void);

/// The groups (bit `1 << group`) a load was refused for since the seal, and forgets them.
unsigned gallery_format_libraries_take_missed(void);

/// Loads `soname` instead of the first library of `group`: a test's way to make the load fail. Before any load.
void gallery_format_libraries_rename(int group, const char *soname);

/// The function at `index` in the generated table, its group loaded first: what each trampoline (SDLStubs.c,
/// CFormatLibraryStubs) calls. Ends the process with a message when the group cannot be loaded (callers check with
/// `gallery_format_libraries_load` before they decode).
void *gallery_format_library_function(int index);

#endif
