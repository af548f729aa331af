// The Wayland pointer: the seat's pointer and gestures bound on SDL's connection (plugged in or out while open) with an
// event queue of the gallery's own, then moved onto SDL's own queue: SDL's reads and dispatches on the main thread
// deliver their events, and no thread of the gallery's polls the connection (each poller woke for every motion).
#define _GNU_SOURCE
#include "wayland_pointer_state.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client-core.h>

// libwayland-client's functions (wayland_library.c), set by `load_libwayland`.
static const gallery_wayland_library *wl;

static int load_libwayland(char *error, size_t error_size) {
    wl = gallery_wayland_library_load(error, error_size);
    return wl ? 0 : -1;
}

static void registry_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    (void)registry;
    gallery_wayland_pointer *p = data;
    if (strcmp(interface, "wl_seat") == 0 && p->seat_name == 0) {
        p->seat_name = name;
        p->seat_version = version;
    } else if (strcmp(interface, "zwp_pointer_gestures_v1") == 0) {
        p->gestures_name = name;
        p->gestures_version = version;
    }
}

static void registry_global_remove(void *data, struct wl_proxy *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static void (*registry_listener[])(void) = {(void (*)(void))registry_global, (void (*)(void))registry_global_remove};

static void release_pointer(gallery_wayland_pointer *p) {
    // The gestures first, then the pointer's release (opcode 1, from version 3).
    wayland_pointer_release_gestures(p);
    if (p->pointer) {
        if (wl->get_version(p->pointer) >= 3)
            wl->marshal_flags(p->pointer, 1, NULL, wl->get_version(p->pointer), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(p->pointer);
    }
    p->pointer = NULL;
    p->focused = 0;
}

static void bind_pointer(gallery_wayland_pointer *p) {
    // wl_seat.get_pointer (opcode 0), then its gestures.
    p->pointer = wl->marshal_flags(p->seat, 0, wl->pointer_interface, wl->get_version(p->seat), 0, NULL);
    if (!p->pointer) return;
    wl->add_listener(p->pointer, wayland_pointer_listener, p);
    wayland_pointer_bind_gestures(p);
}

static void seat_capabilities(void *data, struct wl_proxy *seat, uint32_t capabilities) {
    (void)seat;
    gallery_wayland_pointer *p = data;
    // A pointer plugged in or out while the window is open (a mouse, a touchpad, the tests' virtual pointer).
    int has_pointer = (capabilities & 1) != 0;  // WL_SEAT_CAPABILITY_POINTER
    if (has_pointer && !p->pointer) bind_pointer(p);
    if (!has_pointer && p->pointer) release_pointer(p);
}

static void seat_name(void *data, struct wl_proxy *seat, const char *name) { (void)data, (void)seat, (void)name; }

static void (*seat_listener[])(void) = {(void (*)(void))seat_capabilities, (void (*)(void))seat_name};

static struct wl_proxy *bind(gallery_wayland_pointer *p, uint32_t name, const struct wl_interface *interface,
                             uint32_t version) {
    // wl_registry.bind (opcode 0): name, then the new id as interface name, version and id.
    return wl->marshal_flags(p->registry, 0, interface, version, 0, name, interface->name, version, NULL);
}

static void release(gallery_wayland_pointer *p) {
    // Destructors, by opcode: the gestures' release (2, from version 2), the seat's release (3, from version 5).
    release_pointer(p);
    if (p->gestures) {
        if (wl->get_version(p->gestures) >= 2)
            wl->marshal_flags(p->gestures, 2, NULL, wl->get_version(p->gestures), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(p->gestures);
    }
    if (p->pointer) {
        if (wl->get_version(p->pointer) >= 3)
            wl->marshal_flags(p->pointer, 1, NULL, wl->get_version(p->pointer), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(p->pointer);
    }
    if (p->seat) {
        if (wl->get_version(p->seat) >= 5)
            wl->marshal_flags(p->seat, 3, NULL, wl->get_version(p->seat), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(p->seat);
    }
    if (p->registry) wl->proxy_destroy(p->registry);
    if (p->display_wrapper) wl->wrapper_destroy(p->display_wrapper);
    if (p->display) wl->flush(p->display);
    if (p->queue) wl->queue_destroy(p->queue);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

gallery_wayland_pointer *gallery_wayland_pointer_open(void *window, char *error, size_t error_size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info)) {
        snprintf(error, error_size, "SDL_GetWindowWMInfo: %s", SDL_GetError());
        return NULL;
    }
    if (info.subsystem != SDL_SYSWM_WAYLAND) {
        snprintf(error, error_size, "the window is not on Wayland");
        return NULL;
    }
    if (load_libwayland(error, error_size) != 0) return NULL;
    wayland_pointer_fill_gesture_types();

    gallery_wayland_pointer *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    p->library = wl;
    pthread_mutex_init(&p->lock, NULL);
    p->display = info.info.wl.display;
    p->surface = (struct wl_proxy *)info.info.wl.surface;
    if (!(p->queue = wl->create_queue(p->display)) ||
        !(p->display_wrapper = wl->create_wrapper(p->display))) {
        snprintf(error, error_size, "cannot make an event queue: %s", strerror(errno));
        release(p);
        return NULL;
    }
    wl->set_queue(p->display_wrapper, p->queue);
    // wl_display.get_registry (opcode 1).
    p->registry = wl->marshal_flags(p->display_wrapper, 1, wl->registry_interface,
                                   wl->get_version(p->display_wrapper), 0, NULL);
    if (!p->registry || wl->add_listener(p->registry, registry_listener, p) != 0 ||
        wl->roundtrip_queue(p->display, p->queue) < 0) {
        snprintf(error, error_size, "cannot list the compositor's globals");
        release(p);
        return NULL;
    }
    // Version 5 brings the scroll's source and stop; 7 is the last without axis_value120 replacing axis_discrete.
    if (p->seat_name == 0 || p->seat_version < 5) {
        snprintf(error, error_size, p->seat_name ? "the seat is older than version 5" : "no seat");
        release(p);
        return NULL;
    }
    if (p->gestures_name) {
        uint32_t version = p->gestures_version < 3 ? p->gestures_version : 3;
        p->gestures = bind(p, p->gestures_name, &wayland_pointer_gestures_interface, version);
    }
    // The seat's capabilities bind the pointer (now, in the round trip, or whenever one is plugged in).
    p->seat = bind(p, p->seat_name, wl->seat_interface, p->seat_version < 7 ? p->seat_version : 7);
    if (!p->seat || wl->add_listener(p->seat, seat_listener, p) != 0 || wl->roundtrip_queue(p->display, p->queue) < 0) {
        snprintf(error, error_size, "cannot bind the seat");
        release(p);
        return NULL;
    }
    // Bound: every object onto SDL's own queue (NULL), whose events SDL dispatches on the main thread each time it
    // reads the connection; the objects made later (a pointer plugged in, its gestures) come from these, on it too.
    struct wl_proxy *bound[] = {p->registry, p->seat, p->gestures, p->pointer, p->pinch, p->hold};
    for (size_t i = 0; i < sizeof bound / sizeof bound[0]; i++)
        if (bound[i]) wl->set_queue(bound[i], NULL);
    // What came on the gallery's queue before the move is dispatched now, before anything on SDL's.
    if (wl->dispatch_queue_pending(p->display, p->queue) < 0) {
        snprintf(error, error_size, "the connection failed");
        release(p);
        return NULL;
    }
    wl->flush(p->display);
    return p;
}

uint32_t gallery_wayland_pointer_gestures_version(gallery_wayland_pointer *p) {
    return p->gestures ? wl->get_version(p->gestures) : 0;
}

int gallery_wayland_pointer_start(gallery_wayland_pointer *p, void (*wake)(void *), void *context) {
    pthread_mutex_lock(&p->lock);
    p->wake = wake;
    p->wake_context = context;
    int records = p->count > 0;
    p->wake_pending = records;
    pthread_mutex_unlock(&p->lock);
    if (records) wake(context);  // records that came before
    return 0;
}

void gallery_wayland_pointer_close(gallery_wayland_pointer *p) {
    if (!p) return;
    release(p);
}
