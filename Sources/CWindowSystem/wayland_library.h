#ifndef GALLERY_WAYLAND_LIBRARY_H
#define GALLERY_WAYLAND_LIBRARY_H

// libwayland-client as wayland_pointer*.c and wayland_clipboard*.c call it (not in include/: Swift never sees it):
// SDL's copy, found in the process when SDL chose Wayland (RTLD_NOLOAD). The viewer never links it, so an X11 start
// maps nothing of Wayland.

#include <stddef.h>
#include <stdint.h>
#include <wayland-client-core.h>

/// The functions and interfaces used, filled by `gallery_wayland_library_load`.
typedef struct gallery_wayland_library {
    struct wl_event_queue *(*create_queue)(struct wl_display *);
    void (*queue_destroy)(struct wl_event_queue *);
    void *(*create_wrapper)(void *);
    void (*wrapper_destroy)(void *);
    void (*set_queue)(struct wl_proxy *, struct wl_event_queue *);
    struct wl_proxy *(*marshal_flags)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t,
                                      ...);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    uint32_t (*get_version)(struct wl_proxy *);
    void (*proxy_destroy)(struct wl_proxy *);
    int (*prepare_read_queue)(struct wl_display *, struct wl_event_queue *);
    int (*read_events)(struct wl_display *);
    void (*cancel_read)(struct wl_display *);
    int (*dispatch_queue_pending)(struct wl_display *, struct wl_event_queue *);
    int (*get_fd)(struct wl_display *);
    int (*flush)(struct wl_display *);
    int (*roundtrip_queue)(struct wl_display *, struct wl_event_queue *);
    const struct wl_interface *registry_interface, *seat_interface, *pointer_interface, *surface_interface,
        *keyboard_interface, *manager_interface, *device_interface, *source_interface;
} gallery_wayland_library;

/// The library, loaded (once; later calls return the same); NULL, with the reason in `error`, when SDL has not loaded
/// libwayland-client or it lacks a symbol.
const gallery_wayland_library *gallery_wayland_library_load(char *error, size_t error_size);

#endif
