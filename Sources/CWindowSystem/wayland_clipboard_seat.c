// The Wayland clipboard's seat and data device: the keyboard gives the serial a selection is set with, and other
// clients' offers are destroyed unread.
#define _GNU_SOURCE
#include "wayland_clipboard_state.h"

#include <unistd.h>

// On the main thread (SDL's dispatch); the clipboard's thread reads it when it sets the selection.
static void keep_serial(gallery_wayland_clipboard *c, uint32_t serial) {
    pthread_mutex_lock(&c->lock);
    c->serial = serial;
    pthread_mutex_unlock(&c->lock);
}

// ---- the seat's keyboard: only its serials --------------------------------------------------------------------

static void keyboard_keymap(void *data, struct wl_proxy *keyboard, uint32_t format, int32_t fd, uint32_t size) {
    (void)data, (void)keyboard, (void)format, (void)size;
    close(fd);
}

static void keyboard_enter(void *data, struct wl_proxy *keyboard, uint32_t serial, struct wl_proxy *surface,
                           void *keys) {
    (void)keyboard, (void)surface, (void)keys;
    keep_serial(data, serial);
}

static void keyboard_leave(void *data, struct wl_proxy *keyboard, uint32_t serial, struct wl_proxy *surface) {
    (void)data, (void)keyboard, (void)serial, (void)surface;
}

static void keyboard_key(void *data, struct wl_proxy *keyboard, uint32_t serial, uint32_t time, uint32_t key,
                         uint32_t state) {
    (void)keyboard, (void)time, (void)key, (void)state;
    keep_serial(data, serial);
}

static void keyboard_modifiers(void *data, struct wl_proxy *keyboard, uint32_t serial, uint32_t depressed,
                               uint32_t latched, uint32_t locked, uint32_t group) {
    (void)data, (void)keyboard, (void)serial, (void)depressed, (void)latched, (void)locked, (void)group;
}

static void keyboard_repeat(void *data, struct wl_proxy *keyboard, int32_t rate, int32_t delay) {
    (void)data, (void)keyboard, (void)rate, (void)delay;
}

static void (*keyboard_listener[])(void) = {
    (void (*)(void))keyboard_keymap, (void (*)(void))keyboard_enter,     (void (*)(void))keyboard_leave,
    (void (*)(void))keyboard_key,    (void (*)(void))keyboard_modifiers, (void (*)(void))keyboard_repeat,
};

static void seat_capabilities(void *data, struct wl_proxy *seat, uint32_t capabilities) {
    gallery_wayland_clipboard *c = data;
    const gallery_wayland_library *wl = c->library;
    int has_keyboard = (capabilities & 2) != 0;  // WL_SEAT_CAPABILITY_KEYBOARD
    if (has_keyboard && !c->keyboard) {
        // wl_seat.get_keyboard (opcode 1).
        c->keyboard = wl->marshal_flags(seat, 1, wl->keyboard_interface, wl->get_version(seat), 0, NULL);
        if (c->keyboard) wl->add_listener(c->keyboard, keyboard_listener, c);
    } else if (!has_keyboard && c->keyboard) {
        if (wl->get_version(c->keyboard) >= 3)  // wl_keyboard.release (opcode 0)
            wl->marshal_flags(c->keyboard, 0, NULL, wl->get_version(c->keyboard), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(c->keyboard);
        c->keyboard = NULL;
    }
}

static void seat_name(void *data, struct wl_proxy *seat, const char *name) { (void)data, (void)seat, (void)name; }

void (*wayland_clipboard_seat_listener[2])(void) = {(void (*)(void))seat_capabilities, (void (*)(void))seat_name};

// ---- the data device: other clients' offers are not read, only destroyed ------------------------------------------

void wayland_clipboard_destroy_offers(gallery_wayland_clipboard *c) {
    const gallery_wayland_library *wl = c->library;
    for (size_t i = 0; i < c->offer_count; i++)  // wl_data_offer.destroy (opcode 2)
        wl->marshal_flags(c->offers[i], 2, NULL, wl->get_version(c->offers[i]), WL_MARSHAL_FLAG_DESTROY);
    c->offer_count = 0;
}

static void device_data_offer(void *data, struct wl_proxy *device, struct wl_proxy *offered) {
    (void)device;
    gallery_wayland_clipboard *c = data;
    if (c->offer_count == sizeof c->offers / sizeof c->offers[0]) wayland_clipboard_destroy_offers(c);
    c->offers[c->offer_count++] = offered;  // no listener: its events are dropped
}

static void device_enter(void *data, struct wl_proxy *device, uint32_t serial, struct wl_proxy *surface,
                         wl_fixed_t x, wl_fixed_t y, struct wl_proxy *offered) {
    (void)data, (void)device, (void)serial, (void)surface, (void)x, (void)y, (void)offered;
}

static void device_leave(void *data, struct wl_proxy *device) {
    (void)device;
    wayland_clipboard_destroy_offers(data);
}

static void device_motion(void *data, struct wl_proxy *device, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)data, (void)device, (void)time, (void)x, (void)y;
}

static void device_drop(void *data, struct wl_proxy *device) { (void)data, (void)device; }

static void device_selection(void *data, struct wl_proxy *device, struct wl_proxy *offered) {
    (void)device, (void)offered;
    wayland_clipboard_destroy_offers(data);
}

void (*wayland_clipboard_device_listener[6])(void) = {
    (void (*)(void))device_data_offer, (void (*)(void))device_enter, (void (*)(void))device_leave,
    (void (*)(void))device_motion,     (void (*)(void))device_drop,  (void (*)(void))device_selection,
};
