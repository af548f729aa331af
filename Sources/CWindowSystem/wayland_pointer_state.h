#ifndef GALLERY_WAYLAND_POINTER_STATE_H
#define GALLERY_WAYLAND_POINTER_STATE_H

// What the Wayland pointer's files share (not in include/: Swift never sees it): its state, its records and the
// pointer's frames (wayland_pointer_frames.c), the pinch and hold gestures (wayland_pointer_gestures.c), and its seat
// and connection (wayland_pointer.c).

#include "wayland_pointer.h"

#include "wayland_library.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-client-core.h>

enum { QUEUE_CAPACITY = 4096 };

struct gallery_wayland_pointer {
    const gallery_wayland_library *library;  // libwayland-client's functions, for the files without `wl`
    struct wl_display *display;
    struct wl_proxy *surface;  // SDL's window surface: events elsewhere (decorations) are not the photo's
    struct wl_event_queue *queue;
    struct wl_proxy *display_wrapper, *registry, *seat, *pointer, *gestures, *pinch, *hold;
    uint32_t seat_name, seat_version, gestures_name, gestures_version;
    int focused;
    double pointer_x, pointer_y;  // where the pointer is on the window, surface coordinates
    int frame_has_axis;           // whether the frame under way holds scrolling, the only frames worth a record

    pthread_mutex_t lock;  // guards the records and the wake-up below
    void (*wake)(void *);
    void *wake_context;
    gallery_wayland_pointer_record records[QUEUE_CAPACITY];
    size_t first, count;
    int lost;
    int wake_pending;  // whether `wake` was called since the records were last all taken
};

/// Adds a record for the main thread; the oldest is dropped (and `lost` set) when the queue is full.
void wayland_pointer_add(gallery_wayland_pointer *p, gallery_wayland_pointer_record record);

/// Adds a record while the pointer is on the window's surface.
void wayland_pointer_add_focused(gallery_wayland_pointer *p, gallery_wayland_pointer_record record);

/// The wl_pointer's listener: where the pointer is kept, each scroll recorded with its frame.
extern void (*wayland_pointer_listener[10])(void);

/// zwp_pointer_gestures_v1, written from the protocol's XML.
extern const struct wl_interface wayland_pointer_gestures_interface;

/// Fills the gesture interfaces' tables with libwayland's wl_pointer and wl_surface (once; libwayland loaded first).
void wayland_pointer_fill_gesture_types(void);

/// The pinch and, from version 3, hold gestures of the pointer bound, when the compositor has pointer gestures.
void wayland_pointer_bind_gestures(gallery_wayland_pointer *p);

/// Destroys the pointer's pinch and hold gestures.
void wayland_pointer_release_gestures(gallery_wayland_pointer *p);

#endif
