// The Wayland pointer's records and the wl_pointer's frames: where the pointer is, each scroll's axis events recorded
// with the frame that ends them, in a queue SDL's dispatch adds to and the gallery's loop takes from (both on the main
// thread).
#define _GNU_SOURCE
#include "wayland_pointer_state.h"

void wayland_pointer_add(gallery_wayland_pointer *p, gallery_wayland_pointer_record record) {
    pthread_mutex_lock(&p->lock);
    if (p->count == QUEUE_CAPACITY) {
        p->first = (p->first + 1) % QUEUE_CAPACITY;
        p->count--;
        p->lost = 1;
    }
    p->records[(p->first + p->count) % QUEUE_CAPACITY] = record;
    p->count++;
    // One wake-up until the main thread takes them: within SDL's own dispatch, it ends SDL's wait.
    int wake = p->wake && !p->wake_pending;
    if (wake) p->wake_pending = 1;
    pthread_mutex_unlock(&p->lock);
    if (wake) p->wake(p->wake_context);
}

void wayland_pointer_add_focused(gallery_wayland_pointer *p, gallery_wayland_pointer_record record) {
    if (p->focused) wayland_pointer_add(p, record);
}

// A part of a scroll: recorded, and its frame with it.
static void add_scroll(gallery_wayland_pointer *p, gallery_wayland_pointer_record record) {
    if (!p->focused) return;
    p->frame_has_axis = 1;
    wayland_pointer_add(p, record);
}

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
    wayland_pointer_add_focused(
        p, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_FRAME, 0, 0, 0, p->pointer_x, p->pointer_y, 0});
}

static void pointer_axis_source(void *data, struct wl_proxy *pointer, uint32_t source) {
    (void)pointer;
    wayland_pointer_add_focused(
        data, (gallery_wayland_pointer_record){GALLERY_WL_POINTER_AXIS_SOURCE, 0, 0, (int32_t)source, 0, 0, 0});
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

void (*wayland_pointer_listener[10])(void) = {
    (void (*)(void))pointer_enter,       (void (*)(void))pointer_leave,         (void (*)(void))pointer_motion,
    (void (*)(void))pointer_button,      (void (*)(void))pointer_axis,          (void (*)(void))pointer_frame,
    (void (*)(void))pointer_axis_source, (void (*)(void))pointer_axis_stop,     (void (*)(void))pointer_axis_discrete,
    (void (*)(void))pointer_axis_value120,
};

size_t gallery_wayland_pointer_take(gallery_wayland_pointer *p, gallery_wayland_pointer_record *records,
                                    size_t capacity, int *lost) {
    pthread_mutex_lock(&p->lock);
    size_t taken = p->count < capacity ? p->count : capacity;
    for (size_t i = 0; i < taken; i++) records[i] = p->records[(p->first + i) % QUEUE_CAPACITY];
    p->first = (p->first + taken) % QUEUE_CAPACITY;
    p->count -= taken;
    *lost = p->lost;
    p->lost = 0;
    if (p->count == 0) p->wake_pending = 0;
    pthread_mutex_unlock(&p->lock);
    return taken;
}
