#ifndef GALLERY_WAYLAND_POINTER_H
#define GALLERY_WAYLAND_POINTER_H

#include <stddef.h>
#include <stdint.h>

// The gallery's own view of the Wayland seat's pointer, bound on SDL's display connection: what SDL 2.26 drops (the
// scroll's source and its stop, the touchpad's hold and pinch gestures) as plain records. Once bound its objects are
// on SDL's own event queue, so SDL's reads and dispatches on the main thread deliver them (no thread of the gallery's
// polls the connection: every poller wakes for every event, each motion of a hovering pointer); `wake` is called
// there when records arrive, and the main thread takes them.

/// What a record says.
typedef enum gallery_wayland_pointer_kind {
    GALLERY_WL_POINTER_AXIS = 4,      // axis (0 vertical, 1 horizontal), value: surface coordinates
    GALLERY_WL_POINTER_AXIS_SOURCE = 5,  // integer: wl_pointer.axis_source (0 wheel, 1 finger, 2 continuous, 3 tilt)
    GALLERY_WL_POINTER_AXIS_STOP = 6,    // axis
    GALLERY_WL_POINTER_AXIS_DISCRETE = 7,  // axis, integer: steps
    GALLERY_WL_POINTER_FRAME = 8,     // the end of a group of the records above; x, y: the pointer, surface coordinates
    GALLERY_WL_POINTER_HOLD_BEGIN = 9,   // integer: fingers; x, y: the pointer
    GALLERY_WL_POINTER_HOLD_END = 10,    // integer: 1 when cancelled
    GALLERY_WL_POINTER_PINCH_BEGIN = 11,  // integer: fingers; x, y: the pointer
    GALLERY_WL_POINTER_PINCH_UPDATE = 12, // x, y: the centre's movement since the last update; value: the spread
    GALLERY_WL_POINTER_PINCH_END = 13,    // integer: 1 when cancelled
} gallery_wayland_pointer_kind;

/// One event of the seat's pointer or gestures, as the compositor sent it.
typedef struct gallery_wayland_pointer_record {
    uint32_t kind;     // gallery_wayland_pointer_kind
    uint32_t time;     // milliseconds of the compositor's clock (0 where the event has none)
    uint32_t axis;
    int32_t integer;
    double x, y, value;
} gallery_wayland_pointer_record;

typedef struct gallery_wayland_pointer gallery_wayland_pointer;

/// Binds the seat's pointer (and pointer gestures, if offered) on the Wayland display of SDL's `window` (an
/// SDL_Window *); NULL, with a reason in `error`, when the window is not on Wayland, libwayland-client is not
/// loaded, or there is no seat. The pointer is bound whenever the seat has one (it may come later).
gallery_wayland_pointer *gallery_wayland_pointer_open(void *window, char *error, size_t error_size);

/// The version of the pointer gestures bound: 0 none, 1 or 2 pinch, 3 pinch and hold.
uint32_t gallery_wayland_pointer_gestures_version(gallery_wayland_pointer *pointer);

/// Sets `wake(context)`, called on the main thread within SDL's event pumping when records arrive (once until they are
/// all taken; at once for records already there). Returns 0.
int gallery_wayland_pointer_start(gallery_wayland_pointer *pointer, void (*wake)(void *context), void *context);

/// Moves up to `capacity` records, oldest first, into `records`; returns how many. Sets `*lost` when records were
/// dropped because nobody took them (the queue holds a few seconds' worth).
size_t gallery_wayland_pointer_take(gallery_wayland_pointer *pointer, gallery_wayland_pointer_record *records,
                                    size_t capacity, int *lost);

/// Releases every object bound; on the main thread, before SDL closes its display.
void gallery_wayland_pointer_close(gallery_wayland_pointer *pointer);

#endif
