// A touchpad and a mouse for the tests, through wlroots' virtual pointer protocol: reads commands from standard input,
// one per line, and sends them to the compositor on WAYLAND_DISPLAY with the time of CLOCK_MONOTONIC in milliseconds
// (the compositor's own clock), so the gallery sees the timing the commands' sleeps make, as from a real device.
//
//   move X Y           the pointer to (X, Y) of the output (its size is given as the arguments)
//   scroll DX DY       fingers scrolling by DX and DY surface units (axis_source finger; + is right and down)
//   stop               the fingers lift (axis_stop on both axes)
//   wheel N            a mouse wheel turning N notches down (axis_source wheel, axis_discrete)
//   press / release    the left button
//   sleep MS           waits MS milliseconds
//
// Each command is one wl_pointer frame, flushed at once; the program ends with a round trip, so everything was sent.
// Built by the tests that use it (WaylandTouchpadTests), against libwayland-client; the protocol's interfaces are
// written here from wlr-virtual-pointer-unstable-v1.xml.

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

static const struct wl_interface *no_types[6];
static const struct wl_interface *create_types[2];

static const struct wl_message pointer_requests[] = {
    {"motion", "uff", no_types},         {"motion_absolute", "uuuuu", no_types},
    {"button", "uuu", no_types},         {"axis", "uuf", no_types},
    {"frame", "", no_types},             {"axis_source", "u", no_types},
    {"axis_stop", "uu", no_types},       {"axis_discrete", "uufi", no_types},
    {"destroy", "", no_types},
};
static const struct wl_interface virtual_pointer_interface = {"zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0,
                                                              NULL};
static const struct wl_message manager_requests[] = {
    {"create_virtual_pointer", "?on", create_types},
    {"destroy", "", no_types},
};
static const struct wl_interface manager_interface = {"zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0,
                                                      NULL};

enum { MOTION_ABSOLUTE = 1, BUTTON = 2, AXIS = 3, FRAME = 4, AXIS_SOURCE = 5, AXIS_STOP = 6, AXIS_DISCRETE = 7 };

static struct wl_seat *seat;
static struct wl_proxy *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data, (void)version;
    if (strcmp(interface, "wl_seat") == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, manager_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &manager_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

// wlroots 0.15 gives an axis_source request to the axis named last (its virtual pointer keeps one source per axis),
// so each axis is followed by its source; a frame whose axes disagree trips an assertion that ends sway.
static void axis(struct wl_proxy *pointer, uint32_t time, uint32_t which, double value, uint32_t source) {
    wl_proxy_marshal_flags(pointer, AXIS, NULL, 1, 0, time, which, wl_fixed_from_double(value));
    wl_proxy_marshal_flags(pointer, AXIS_SOURCE, NULL, 1, 0, source);
}

static uint32_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)((uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000);
}

static void sleep_ms(long ms) {
    struct timespec wait = {ms / 1000, (ms % 1000) * 1000000};
    while (clock_nanosleep(CLOCK_MONOTONIC, 0, &wait, &wait) != 0) {
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: virtual_pointer OUTPUT_WIDTH OUTPUT_HEIGHT < commands\n");
        return 2;
    }
    uint32_t width = (uint32_t)atoi(argv[1]), height = (uint32_t)atoi(argv[2]);
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "cannot connect to the Wayland display\n");
        return 1;
    }
    create_types[0] = &wl_seat_interface;
    create_types[1] = &virtual_pointer_interface;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) {
        fprintf(stderr, "the compositor offers no %s\n", seat ? "virtual pointer" : "seat");
        return 1;
    }
    struct wl_proxy *pointer =
        wl_proxy_marshal_flags(manager, 0, &virtual_pointer_interface, 1, 0, seat, NULL);
    wl_display_roundtrip(display);  // The pointer joins the seat now, before the first command.
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        double a = 0, b = 0;
        long n = 0;
        uint32_t time = now_ms();
        if (sscanf(line, "move %lf %lf", &a, &b) == 2) {
            wl_proxy_marshal_flags(pointer, MOTION_ABSOLUTE, NULL, 1, 0, time, (uint32_t)a, (uint32_t)b, width,
                                   height);
        } else if (sscanf(line, "scroll %lf %lf", &a, &b) == 2) {
            if (a != 0) axis(pointer, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL, a, WL_POINTER_AXIS_SOURCE_FINGER);
            if (b != 0) axis(pointer, time, WL_POINTER_AXIS_VERTICAL_SCROLL, b, WL_POINTER_AXIS_SOURCE_FINGER);
        } else if (strncmp(line, "stop", 4) == 0) {
            wl_proxy_marshal_flags(pointer, AXIS_STOP, NULL, 1, 0, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL);
            wl_proxy_marshal_flags(pointer, AXIS_SOURCE, NULL, 1, 0, WL_POINTER_AXIS_SOURCE_FINGER);
            wl_proxy_marshal_flags(pointer, AXIS_STOP, NULL, 1, 0, time, WL_POINTER_AXIS_VERTICAL_SCROLL);
            wl_proxy_marshal_flags(pointer, AXIS_SOURCE, NULL, 1, 0, WL_POINTER_AXIS_SOURCE_FINGER);
        } else if (sscanf(line, "wheel %ld", &n) == 1) {
            wl_proxy_marshal_flags(pointer, AXIS_DISCRETE, NULL, 1, 0, time, WL_POINTER_AXIS_VERTICAL_SCROLL,
                                   wl_fixed_from_double(10.0 * (double)n), (int32_t)n);
            wl_proxy_marshal_flags(pointer, AXIS_SOURCE, NULL, 1, 0, WL_POINTER_AXIS_SOURCE_WHEEL);
        } else if (strncmp(line, "press", 5) == 0 || strncmp(line, "release", 7) == 0) {
            wl_proxy_marshal_flags(pointer, BUTTON, NULL, 1, 0, time, 0x110 /* BTN_LEFT */, line[0] == 'p' ? 1 : 0);
        } else if (sscanf(line, "sleep %ld", &n) == 1) {
            sleep_ms(n);
            continue;
        } else {
            fprintf(stderr, "unknown command: %s", line);
            return 2;
        }
        wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
        wl_display_flush(display);
    }
    wl_display_roundtrip(display);
    wl_proxy_marshal_flags(pointer, 8, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
