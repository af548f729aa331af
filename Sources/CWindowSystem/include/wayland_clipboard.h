#ifndef GALLERY_WAYLAND_CLIPBOARD_H
#define GALLERY_WAYLAND_CLIPBOARD_H

#include <stddef.h>
#include <stdint.h>

// The gallery's Wayland clipboard: a wl_data_source set as the seat's selection through a wl_data_device bound on SDL's
// display connection with an event queue of its own (as `wayland_pointer.c` binds the pointer), and a thread of its
// own that writes each paste's bytes into the pipe the compositor hands over, without blocking, as the reader takes
// them. Once bound its objects are on SDL's own queue: SDL dispatches their events on the main thread, which hands the
// source's to the thread (which never polls the connection). set_selection needs the serial of the key press that
// asked for it: a wl_keyboard of the gallery's own on the seat hears the same key events as SDL's and keeps the latest
// serial.

typedef struct gallery_wayland_clipboard gallery_wayland_clipboard;

/// What the clipboard has done since it was opened (tests read it).
typedef struct gallery_wayland_clipboard_statistics {
    uint64_t offers;    // selections set
    uint64_t owned;     // 1 while the selection is the gallery's source, else 0
    uint64_t answered;  // pastes written to their end
    uint64_t refused;   // pastes not written (an unknown type, a type that could not be had, too many at once)
} gallery_wayland_clipboard_statistics;

/// Binds the seat's keyboard and data device on the Wayland display of SDL's `window` (an SDL_Window *) and starts the
/// thread; on the main thread, where SDL dispatches. NULL, with a reason in `error`, when the window is not on
/// Wayland or the compositor has no data device.
gallery_wayland_clipboard *gallery_wayland_clipboard_open(void *window, char *error, size_t error_size);

/// As `gallery_x11_clipboard_offer`: sets the selection to a new source offering `count` MIME types (at most 16), NULL
/// data: pending. Returns the offer's number (from 1), or 0.
uint64_t gallery_wayland_clipboard_offer(gallery_wayland_clipboard *clipboard, const char *const *types,
                                         const uint8_t *const *data, const size_t *sizes, size_t count);

/// As `gallery_x11_clipboard_provide`. Any thread.
void gallery_wayland_clipboard_provide(gallery_wayland_clipboard *clipboard, uint64_t offer, const char *type,
                                       const uint8_t *data, size_t size);

/// What the clipboard has done so far. Any thread.
gallery_wayland_clipboard_statistics gallery_wayland_clipboard_statistics_now(gallery_wayland_clipboard *clipboard);

/// Stops the thread and releases every object bound (the selection goes with its source); on the main thread, before
/// SDL closes its display.
void gallery_wayland_clipboard_close(gallery_wayland_clipboard *clipboard);

#endif
