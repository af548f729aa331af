#ifndef GALLERY_X11_CLIPBOARD_H
#define GALLERY_X11_CLIPBOARD_H

#include <stddef.h>
#include <stdint.h>

// The gallery's X11 clipboard: the CLIPBOARD selection owned by an invisible window on an X connection of its own,
// whose thread answers other clients' requests (SelectionRequest) for the targets offered, in one property or, for data
// larger than the server takes in one request, by INCR. It serves until another client takes the selection
// (SelectionClear) or the clipboard is closed. SDL 2.26 reads its own connection's events itself, so the selection
// cannot be served there. No SDL or Xlib type in this header: Swift sees SDL through one module only.

typedef struct gallery_x11_clipboard gallery_x11_clipboard;

/// What the clipboard has done since it was opened (tests and the information line read it).
typedef struct gallery_x11_clipboard_statistics {
    uint64_t offers;          // selections taken
    uint64_t owned;           // 1 while the CLIPBOARD selection is the gallery's, else 0
    uint64_t answered;        // requests answered with data (TARGETS and TIMESTAMP included)
    uint64_t refused;         // requests refused (an unknown target, a target that could not be had)
    uint64_t incremental;     // answers sent by INCR, completed
    uint64_t largest_chunk;   // the most bytes one property held
} gallery_x11_clipboard_statistics;

/// Opens a connection of its own to the X display of SDL's window `sdl_window` (an SDL_Window *), makes its invisible
/// window and starts its thread; NULL, with the reason in `error`, when the window is not an X11 one or the display
/// cannot be opened.
gallery_x11_clipboard *gallery_x11_clipboard_open(void *sdl_window, char *error, size_t error_size);

/// Takes the CLIPBOARD selection offering `count` targets (at most 16): `targets[i]` (an atom's name) with the
/// `sizes[i]` bytes at `data[i]`, copied; a target whose `data[i]` is NULL is pending, its bytes to come from
/// `gallery_x11_clipboard_provide` (requests for it wait until then). Replaces any earlier offer. Returns the offer's
/// number (from 1), or 0 when it cannot be made (too many targets, no memory).
uint64_t gallery_x11_clipboard_offer(gallery_x11_clipboard *clipboard, const char *const *targets,
                                     const uint8_t *const *data, const size_t *sizes, size_t count);

/// The `size` bytes at `data` (copied) of the pending `target` of offer `offer`; NULL: it cannot be had, and it is
/// withdrawn (the requests waiting for it are refused). Ignored when another offer replaced that one. Any thread.
void gallery_x11_clipboard_provide(gallery_x11_clipboard *clipboard, uint64_t offer, const char *target,
                                   const uint8_t *data, size_t size);

/// What the clipboard has done so far. Any thread.
gallery_x11_clipboard_statistics gallery_x11_clipboard_statistics_now(gallery_x11_clipboard *clipboard);

/// The most bytes one property holds: larger data goes by INCR in pieces of this size.
size_t gallery_x11_clipboard_chunk_bytes(gallery_x11_clipboard *clipboard);

/// Stops the thread, closes the connection (the server drops the selection with it) and frees everything.
void gallery_x11_clipboard_close(gallery_x11_clipboard *clipboard);

#endif
