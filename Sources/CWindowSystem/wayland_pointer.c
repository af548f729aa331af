#define _GNU_SOURCE
#include "wayland_pointer.h"

#include "wayland_library.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client-core.h>

// libwayland-client's functions (wayland_library.c), set by `load_libwayland`.
static const gallery_wayland_library *wl;

static int load_libwayland(char *error, size_t error_size) {
    wl = gallery_wayland_library_load(error, error_size);
    return wl ? 0 : -1;
}

// ---- pointer-gestures-unstable-v1 (wayland-protocols), its interfaces written from the protocol's XML -------------
// The wl_pointer and wl_surface interfaces they name are libwayland's, found at run time, so the tables are filled in
// then (`fill_gesture_types`).

static const struct wl_interface *request_types[6];  // the get_*_gesture requests': {gesture, wl_pointer}
static const struct wl_interface *begin_types[4];    // the begin events': serial, time, wl_surface, fingers
static const struct wl_interface *no_types[1];       // messages without an object
static const struct wl_message destroy_request[] = {{"destroy", "", no_types}};
static const struct wl_message hold_destroy_request[] = {{"destroy", "3", no_types}};
static const struct wl_message swipe_events[] = {
    {"begin", "uuou", begin_types}, {"update", "uff", no_types}, {"end", "uui", no_types}};
static const struct wl_message pinch_events[] = {
    {"begin", "uuou", begin_types}, {"update", "uffff", no_types}, {"end", "uui", no_types}};
static const struct wl_message hold_events[] = {{"begin", "3uuou", begin_types}, {"end", "3uui", no_types}};
static const struct wl_interface swipe_interface = {"zwp_pointer_gesture_swipe_v1", 2, 1, destroy_request, 3,
                                                    swipe_events};
static const struct wl_interface pinch_interface = {"zwp_pointer_gesture_pinch_v1", 2, 1, destroy_request, 3,
                                                    pinch_events};
static const struct wl_interface hold_interface = {"zwp_pointer_gesture_hold_v1", 3, 1, hold_destroy_request, 2,
                                                   hold_events};
static const struct wl_message gestures_requests[] = {
    {"get_swipe_gesture", "no", request_types + 0},
    {"get_pinch_gesture", "no", request_types + 2},
    {"release", "2", no_types},
    {"get_hold_gesture", "3no", request_types + 4},
};
static const struct wl_interface gestures_interface = {"zwp_pointer_gestures_v1", 3, 4, gestures_requests, 0, NULL};

static void fill_gesture_types(void) {
    request_types[0] = &swipe_interface;
    request_types[1] = wl->pointer_interface;
    request_types[2] = &pinch_interface;
    request_types[3] = wl->pointer_interface;
    request_types[4] = &hold_interface;
    request_types[5] = wl->pointer_interface;
    begin_types[2] = wl->surface_interface;
}

// ---- the pointer ------------------------------------------------------------------------------------------------

enum { QUEUE_CAPACITY = 4096 };

struct gallery_wayland_pointer {
    struct wl_display *display;
    struct wl_proxy *surface;  // SDL's window surface: events elsewhere (decorations) are not the photo's
    struct wl_event_queue *queue;
    struct wl_proxy *display_wrapper, *registry, *seat, *pointer, *gestures, *pinch, *hold;
    uint32_t seat_name, seat_version, gestures_name, gestures_version;
    int focused;
    double pointer_x, pointer_y;  // where the pointer is on the window, surface coordinates
    int frame_has_axis;           // whether the frame under way holds scrolling, the only frames worth a record

    pthread_t thread;
    int thread_started;
    int stop_pipe[2];
    void (*wake)(void *);
    void *wake_context;

    pthread_mutex_t lock;  // guards the records below: the thread adds, the main thread takes
    gallery_wayland_pointer_record records[QUEUE_CAPACITY];
    size_t first, count;
    int lost, added;
};

static void add(gallery_wayland_pointer *p, gallery_wayland_pointer_record record) {
    pthread_mutex_lock(&p->lock);
    if (p->count == QUEUE_CAPACITY) {
        p->first = (p->first + 1) % QUEUE_CAPACITY;
        p->count--;
        p->lost = 1;
    }
    p->records[(p->first + p->count) % QUEUE_CAPACITY] = record;
    p->count++;
    p->added = 1;
    pthread_mutex_unlock(&p->lock);
}

static void add_focused(gallery_wayland_pointer *p, gallery_wayland_pointer_record record) {
    if (p->focused) add(p, record);
}

// A part of a scroll: recorded, and its frame with it.
static void add_scroll(gallery_wayland_pointer *p, gallery_wayland_pointer_record record) {
    if (!p->focused) return;
    p->frame_has_axis = 1;
    add(p, record);
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

static void pointer_enter(void *data, struct wl_proxy *pointer, uint32_t serial, struct wl_proxy *surface,
                          wl_fixed_t x, wl_fixed_t y) {
    (void)pointer, (void)serial;
    gallery_wayland_pointer *p = data;
    p->focused = surface == p->surface;
    p->pointer_x = wl_fixed_to_double(x);
    p->pointer_y = wl_fixed_to_double(y);
}

static void pointer_leave(void *data, struct wl_proxy *pointer, uint32_t serial, struct wl_proxy *surface) {
    (void)pointer, (void)serial, (void)surface;
    ((gallery_wayland_pointer *)data)->focused = 0;
}

// Motion is kept, not recorded: a hovering pointer must not wake the window (a pinch and Ctrl + wheel read it).
static void pointer_motion(void *data, struct wl_proxy *pointer, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)pointer, (void)time;
    gallery_wayland_pointer *p = data;
    p->pointer_x = wl_fixed_to_double(x);
    p->pointer_y = wl_fixed_to_double(y);
}

static void pointer_button(void *data, struct wl_proxy *pointer, uint32_t serial, uint32_t time, uint32_t button,
                           uint32_t state) {
    (void)data, (void)pointer, (void)serial, (void)time, (void)button, (void)state;  // SDL's: it reports buttons
}

static void pointer_axis(void *data, struct wl_proxy *pointer, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)pointer;
    add_scroll(data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_AXIS, time, axis, 0, 0, 0,
                                                       wl_fixed_to_double(value)});
}

static void pointer_frame(void *data, struct wl_proxy *pointer) {
    (void)pointer;
    gallery_wayland_pointer *p = data;
    if (!p->frame_has_axis) return;
    p->frame_has_axis = 0;
    add_focused(p, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_FRAME, 0, 0, 0, p->pointer_x, p->pointer_y, 0});
}

static void pointer_axis_source(void *data, struct wl_proxy *pointer, uint32_t source) {
    (void)pointer;
    add_focused(data,
                (gallery_wayland_pointer_record){GALLERY_WL_POINTER_AXIS_SOURCE, 0, 0, (int32_t)source, 0, 0, 0});
}

static void pointer_axis_stop(void *data, struct wl_proxy *pointer, uint32_t time, uint32_t axis) {
    (void)pointer;
    add_scroll(data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_AXIS_STOP, time, axis, 0, 0, 0, 0});
}

static void pointer_axis_discrete(void *data, struct wl_proxy *pointer, uint32_t axis, int32_t discrete) {
    (void)pointer;
    add_scroll(data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_AXIS_DISCRETE, 0, axis, discrete, 0, 0, 0});
}

static void pointer_axis_value120(void *data, struct wl_proxy *pointer, uint32_t axis, int32_t value120) {
    (void)data, (void)pointer, (void)axis, (void)value120;  // version 8 only; the seat is bound at 7 at most
}

static void (*pointer_listener[])(void) = {
    (void (*)(void))pointer_enter,       (void (*)(void))pointer_leave,         (void (*)(void))pointer_motion,
    (void (*)(void))pointer_button,      (void (*)(void))pointer_axis,          (void (*)(void))pointer_frame,
    (void (*)(void))pointer_axis_source, (void (*)(void))pointer_axis_stop,     (void (*)(void))pointer_axis_discrete,
    (void (*)(void))pointer_axis_value120,
};

static void gesture_begin(gallery_wayland_pointer *p, uint32_t kind, uint32_t time, struct wl_proxy *surface,
                          uint32_t fingers) {
    if (surface != p->surface) return;
    add(p, (gallery_wayland_pointer_record){kind, time, 0, (int32_t)(fingers > INT32_MAX ? INT32_MAX : fingers),
                                            p->pointer_x, p->pointer_y, 0});
}

static void pinch_begin(void *data, struct wl_proxy *pinch, uint32_t serial, uint32_t time, struct wl_proxy *surface,
                        uint32_t fingers) {
    (void)pinch, (void)serial;
    gesture_begin(data, GALLERY_WL_POINTER_PINCH_BEGIN, time, surface, fingers);
}

static void pinch_update(void *data, struct wl_proxy *pinch, uint32_t time, wl_fixed_t dx, wl_fixed_t dy,
                         wl_fixed_t scale, wl_fixed_t rotation) {
    (void)pinch, (void)rotation;
    add_focused(data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_PINCH_UPDATE, time, 0, 0,
                                                       wl_fixed_to_double(dx), wl_fixed_to_double(dy),
                                                       wl_fixed_to_double(scale)});
}

static void pinch_end(void *data, struct wl_proxy *pinch, uint32_t serial, uint32_t time, int32_t cancelled) {
    (void)pinch, (void)serial;
    add(data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_PINCH_END, time, 0, cancelled != 0, 0, 0, 0});
}

static void (*pinch_listener[])(void) = {(void (*)(void))pinch_begin, (void (*)(void))pinch_update,
                                          (void (*)(void))pinch_end};

static void hold_begin(void *data, struct wl_proxy *hold, uint32_t serial, uint32_t time, struct wl_proxy *surface,
                       uint32_t fingers) {
    (void)hold, (void)serial;
    gesture_begin(data, GALLERY_WL_POINTER_HOLD_BEGIN, time, surface, fingers);
}

static void hold_end(void *data, struct wl_proxy *hold, uint32_t serial, uint32_t time, int32_t cancelled) {
    (void)hold, (void)serial;
    add(data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_HOLD_END, time, 0, cancelled != 0, 0, 0, 0});
}

static void (*hold_listener[])(void) = {(void (*)(void))hold_begin, (void (*)(void))hold_end};

static void release_pointer(gallery_wayland_pointer *p) {
    // Destructors, by opcode: each gesture's destroy (0), the pointer's release (1, from version 3).
    if (p->hold) wl->marshal_flags(p->hold, 0, NULL, wl->get_version(p->hold), WL_MARSHAL_FLAG_DESTROY);
    if (p->pinch) wl->marshal_flags(p->pinch, 0, NULL, wl->get_version(p->pinch), WL_MARSHAL_FLAG_DESTROY);
    if (p->pointer) {
        if (wl->get_version(p->pointer) >= 3)
            wl->marshal_flags(p->pointer, 1, NULL, wl->get_version(p->pointer), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(p->pointer);
    }
    p->hold = p->pinch = p->pointer = NULL;
    p->focused = 0;
}

static void bind_pointer(gallery_wayland_pointer *p) {
    // wl_seat.get_pointer (opcode 0); the gestures' get_pinch_gesture (1) and, from version 3, get_hold_gesture (3).
    p->pointer = wl->marshal_flags(p->seat, 0, wl->pointer_interface, wl->get_version(p->seat), 0, NULL);
    if (!p->pointer) return;
    wl->add_listener(p->pointer, pointer_listener, p);
    if (!p->gestures) return;
    uint32_t version = wl->get_version(p->gestures);
    p->pinch = wl->marshal_flags(p->gestures, 1, &pinch_interface, version, 0, NULL, p->pointer);
    if (p->pinch) wl->add_listener(p->pinch, pinch_listener, p);
    if (version >= 3) {
        p->hold = wl->marshal_flags(p->gestures, 3, &hold_interface, version, 0, NULL, p->pointer);
        if (p->hold) wl->add_listener(p->hold, hold_listener, p);
    }
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
    if (p->stop_pipe[0] >= 0) close(p->stop_pipe[0]);
    if (p->stop_pipe[1] >= 0) close(p->stop_pipe[1]);
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
    static pthread_once_t filled = PTHREAD_ONCE_INIT;
    pthread_once(&filled, fill_gesture_types);

    gallery_wayland_pointer *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    p->stop_pipe[0] = p->stop_pipe[1] = -1;
    p->display = info.info.wl.display;
    p->surface = (struct wl_proxy *)info.info.wl.surface;
    if (pipe2(p->stop_pipe, O_CLOEXEC) != 0 || !(p->queue = wl->create_queue(p->display)) ||
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
        p->gestures = bind(p, p->gestures_name, &gestures_interface, p->gestures_version < 3 ? p->gestures_version : 3);
    }
    // The seat's capabilities bind the pointer (now, in the round trip, or whenever one is plugged in).
    p->seat = bind(p, p->seat_name, wl->seat_interface, p->seat_version < 7 ? p->seat_version : 7);
    if (!p->seat || wl->add_listener(p->seat, seat_listener, p) != 0 || wl->roundtrip_queue(p->display, p->queue) < 0) {
        snprintf(error, error_size, "cannot bind the seat");
        release(p);
        return NULL;
    }
    wl->flush(p->display);
    return p;
}

uint32_t gallery_wayland_pointer_gestures_version(gallery_wayland_pointer *p) {
    return p->gestures ? wl->get_version(p->gestures) : 0;
}

static void *read_connection(void *argument) {
    gallery_wayland_pointer *p = argument;
    for (;;) {
        // Records for this queue that SDL's own reads brought in are dispatched first.
        while (wl->prepare_read_queue(p->display, p->queue) != 0) {
            if (wl->dispatch_queue_pending(p->display, p->queue) < 0) return NULL;
        }
        wl->flush(p->display);
        struct pollfd fds[2] = {{wl->get_fd(p->display), POLLIN, 0}, {p->stop_pipe[0], POLLIN, 0}};
        int ready = poll(fds, 2, -1);
        if (ready < 0 && errno == EINTR) {
            wl->cancel_read(p->display);
            continue;
        }
        if (ready < 0 || fds[1].revents || (fds[0].revents & (POLLERR | POLLHUP | POLLNVAL))) {
            wl->cancel_read(p->display);
            return NULL;
        }
        // With SDL's thread also prepared, libwayland lets the last of the two read, and both go on.
        if (wl->read_events(p->display) < 0) return NULL;
        if (wl->dispatch_queue_pending(p->display, p->queue) < 0) return NULL;
        pthread_mutex_lock(&p->lock);
        int added = p->added;
        p->added = 0;
        pthread_mutex_unlock(&p->lock);
        if (added) p->wake(p->wake_context);
    }
}

int gallery_wayland_pointer_start(gallery_wayland_pointer *p, void (*wake)(void *), void *context) {
    p->wake = wake;
    p->wake_context = context;
    if (pthread_create(&p->thread, NULL, read_connection, p) != 0) return -1;
    p->thread_started = 1;
    return 0;
}

size_t gallery_wayland_pointer_take(gallery_wayland_pointer *p, gallery_wayland_pointer_record *records,
                                    size_t capacity, int *lost) {
    pthread_mutex_lock(&p->lock);
    size_t taken = p->count < capacity ? p->count : capacity;
    for (size_t i = 0; i < taken; i++) records[i] = p->records[(p->first + i) % QUEUE_CAPACITY];
    p->first = (p->first + taken) % QUEUE_CAPACITY;
    p->count -= taken;
    *lost = p->lost;
    p->lost = 0;
    pthread_mutex_unlock(&p->lock);
    return taken;
}

void gallery_wayland_pointer_close(gallery_wayland_pointer *p) {
    if (!p) return;
    if (p->thread_started) {
        ssize_t written;
        do written = write(p->stop_pipe[1], "", 1);
        while (written < 0 && errno == EINTR);
        pthread_join(p->thread, NULL);
    }
    release(p);
}
