// The Wayland pointer's pinch and hold gestures (pointer-gestures-unstable-v1): the protocol's interfaces, the
// gestures bound on the pointer, and their events recorded.
#define _GNU_SOURCE
#include "wayland_pointer_state.h"

#include <pthread.h>

// pointer-gestures-unstable-v1 (wayland-protocols), its interfaces written from the protocol's XML.
// The wl_pointer and wl_surface interfaces they name are libwayland's, found at run time, so the tables are filled in
// then (`wayland_pointer_fill_gesture_types`).

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
const struct wl_interface wayland_pointer_gestures_interface = {"zwp_pointer_gestures_v1", 3, 4, gestures_requests, 0,
                                                                 NULL};

static void fill_gesture_types(void) {
    char unused[1];
    const gallery_wayland_library *wl = gallery_wayland_library_load(unused, sizeof unused);  // loaded by the open
    if (!wl) return;
    request_types[0] = &swipe_interface;
    request_types[1] = wl->pointer_interface;
    request_types[2] = &pinch_interface;
    request_types[3] = wl->pointer_interface;
    request_types[4] = &hold_interface;
    request_types[5] = wl->pointer_interface;
    begin_types[2] = wl->surface_interface;
}

void wayland_pointer_fill_gesture_types(void) {
    static pthread_once_t filled = PTHREAD_ONCE_INIT;
    pthread_once(&filled, fill_gesture_types);
}

static void gesture_begin(gallery_wayland_pointer *p, uint32_t kind, uint32_t time, struct wl_proxy *surface,
                          uint32_t fingers) {
    if (surface != p->surface) return;
    int32_t count = (int32_t)(fingers > INT32_MAX ? INT32_MAX : fingers);
    wayland_pointer_add(p, (gallery_wayland_pointer_record){kind, time, 0, count, p->pointer_x, p->pointer_y, 0});
}

static void pinch_begin(void *data, struct wl_proxy *pinch, uint32_t serial, uint32_t time, struct wl_proxy *surface,
                        uint32_t fingers) {
    (void)pinch, (void)serial;
    gesture_begin(data, GALLERY_WL_POINTER_PINCH_BEGIN, time, surface, fingers);
}

static void pinch_update(void *data, struct wl_proxy *pinch, uint32_t time, wl_fixed_t dx, wl_fixed_t dy,
                         wl_fixed_t scale, wl_fixed_t rotation) {
    (void)pinch, (void)rotation;
    wayland_pointer_add_focused(data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_PINCH_UPDATE, time, 0, 0,
                                                                       wl_fixed_to_double(dx), wl_fixed_to_double(dy),
                                                                       wl_fixed_to_double(scale)});
}

static void pinch_end(void *data, struct wl_proxy *pinch, uint32_t serial, uint32_t time, int32_t cancelled) {
    (void)pinch, (void)serial;
    wayland_pointer_add(
        data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_PINCH_END, time, 0, cancelled != 0, 0, 0, 0});
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
    wayland_pointer_add(
        data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_HOLD_END, time, 0, cancelled != 0, 0, 0, 0});
}

static void (*hold_listener[])(void) = {(void (*)(void))hold_begin, (void (*)(void))hold_end};

void wayland_pointer_bind_gestures(gallery_wayland_pointer *p) {
    // The gestures' get_pinch_gesture (opcode 1) and, from version 3, get_hold_gesture (3).
    const gallery_wayland_library *wl = p->library;
    if (!p->gestures) return;
    uint32_t version = wl->get_version(p->gestures);
    p->pinch = wl->marshal_flags(p->gestures, 1, &pinch_interface, version, 0, NULL, p->pointer);
    if (p->pinch) wl->add_listener(p->pinch, pinch_listener, p);
    if (version >= 3) {
        p->hold = wl->marshal_flags(p->gestures, 3, &hold_interface, version, 0, NULL, p->pointer);
        if (p->hold) wl->add_listener(p->hold, hold_listener, p);
    }
}

void wayland_pointer_release_gestures(gallery_wayland_pointer *p) {
    // Each gesture's destroy (opcode 0).
    const gallery_wayland_library *wl = p->library;
    if (p->hold) wl->marshal_flags(p->hold, 0, NULL, wl->get_version(p->hold), WL_MARSHAL_FLAG_DESTROY);
    if (p->pinch) wl->marshal_flags(p->pinch, 0, NULL, wl->get_version(p->pinch), WL_MARSHAL_FLAG_DESTROY);
    p->hold = p->pinch = NULL;
}
