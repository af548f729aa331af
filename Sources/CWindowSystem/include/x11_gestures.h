#ifndef GALLERY_X11_GESTURES_H
#define GALLERY_X11_GESTURES_H

#include <stddef.h>
#include <stdint.h>

// The touchpad's pinch on X11, as SDL 2.26 does not read it: XInput 2.4's gesture events (X.Org 21.1 with
// xf86-input-libinput), selected on SDL's window from an X connection of the gallery's own (XI2 selections are per
// client, so SDL's own stay as they are) and read by a thread of its own that calls `wake` when records arrive; the
// main thread takes them. No SDL or Xlib type in this header: Swift sees SDL through one module only.

/// What a record says.
typedef enum gallery_x11_gesture_kind {
    GALLERY_X11_PINCH_BEGIN = 1,   // integer: fingers; x, y: the pointer, window pixels
    GALLERY_X11_PINCH_UPDATE = 2,  // x, y: the centre's movement since the last event, pixels; value: the spread
    GALLERY_X11_PINCH_END = 3,     // integer: 1 when cancelled
} gallery_x11_gesture_kind;

/// One gesture event as the X server sent it.
typedef struct gallery_x11_gesture_record {
    uint32_t kind;  // gallery_x11_gesture_kind
    uint32_t time;  // milliseconds of the server's clock
    int32_t integer;
    double x, y, value;
} gallery_x11_gesture_record;

typedef struct gallery_x11_gestures gallery_x11_gestures;

/// Opens a connection of its own to the X display of SDL's `window` (an SDL_Window *) and selects the pinch's events on
/// that window; NULL, with the reason in `error`, when the window is not an X11 one, libXi is not loaded, or the server
/// has no XInput 2.4.
gallery_x11_gestures *gallery_x11_gestures_open(void *window, char *error, size_t error_size);

/// Starts the reading thread; `wake(context)` is called on it after records were added. Returns 0, or -1.
int gallery_x11_gestures_start(gallery_x11_gestures *gestures, void (*wake)(void *context), void *context);

/// Moves up to `capacity` records, oldest first, into `records`; returns how many. Sets `*lost` when records were
/// dropped because nobody took them.
size_t gallery_x11_gestures_take(gallery_x11_gestures *gestures, gallery_x11_gesture_record *records, size_t capacity,
                                 int *lost);

/// Stops the thread and closes the connection; before SDL closes its display.
void gallery_x11_gestures_close(gallery_x11_gestures *gestures);

#endif
