#define _GNU_SOURCE
#include "wayland_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static gallery_wayland_library library;
static char load_error[128];
static int loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_NOLOAD);
    if (!handle) {
        snprintf(load_error, sizeof load_error, "libwayland-client is not loaded");
        return;
    }
    gallery_wayland_library *l = &library;
    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&l->create_queue, "wl_display_create_queue"},
        {(void **)&l->queue_destroy, "wl_event_queue_destroy"},
        {(void **)&l->create_wrapper, "wl_proxy_create_wrapper"},
        {(void **)&l->wrapper_destroy, "wl_proxy_wrapper_destroy"},
        {(void **)&l->set_queue, "wl_proxy_set_queue"},
        {(void **)&l->marshal_flags, "wl_proxy_marshal_flags"},
        {(void **)&l->add_listener, "wl_proxy_add_listener"},
        {(void **)&l->get_version, "wl_proxy_get_version"},
        {(void **)&l->proxy_destroy, "wl_proxy_destroy"},
        {(void **)&l->prepare_read_queue, "wl_display_prepare_read_queue"},
        {(void **)&l->read_events, "wl_display_read_events"},
        {(void **)&l->cancel_read, "wl_display_cancel_read"},
        {(void **)&l->dispatch_queue_pending, "wl_display_dispatch_queue_pending"},
        {(void **)&l->get_fd, "wl_display_get_fd"},
        {(void **)&l->flush, "wl_display_flush"},
        {(void **)&l->roundtrip_queue, "wl_display_roundtrip_queue"},
        {(void **)&l->registry_interface, "wl_registry_interface"},
        {(void **)&l->seat_interface, "wl_seat_interface"},
        {(void **)&l->pointer_interface, "wl_pointer_interface"},
        {(void **)&l->surface_interface, "wl_surface_interface"},
        {(void **)&l->keyboard_interface, "wl_keyboard_interface"},
        {(void **)&l->manager_interface, "wl_data_device_manager_interface"},
        {(void **)&l->device_interface, "wl_data_device_interface"},
        {(void **)&l->source_interface, "wl_data_source_interface"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (!*symbols[i].slot) {
            snprintf(load_error, sizeof load_error, "libwayland-client lacks %s", symbols[i].name);
            dlclose(handle);
            return;
        }
    }
    // SDL holds its own reference for as long as its display is open; this one is kept for the process.
    loaded = 1;
}

const gallery_wayland_library *gallery_wayland_library_load(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (loaded) return &library;
    snprintf(error, error_size, "%s", load_error);
    return NULL;
}
