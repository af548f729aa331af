// The Wayland clipboard: the seat's data device bound on SDL's connection (with an event queue of its own, then moved
// onto SDL's), and the thread that serves the selection: the source's events SDL's dispatch hands it, the other
// threads' offers and bytes, the pastes' pipes.
#define _GNU_SOURCE
#include "wayland_clipboard_state.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client-core.h>

// libwayland-client's functions (wayland_library.c), set by `load_libwayland`.
static const gallery_wayland_library *wl;

static int load_libwayland(char *error, size_t error_size) {
    wl = gallery_wayland_library_load(error, error_size);
    return wl ? 0 : -1;
}

static void *serve(void *argument) {
    pthread_setname_np(pthread_self(), "gallery-wl-clip");  // for top and /proc
    gallery_wayland_clipboard *c = argument;
    for (;;) {
        // The requests made (a source set, one destroyed) go out now. The connection itself is not polled: SDL reads
        // it and dispatches the clipboard's events on the main thread, which hands them over through the wake pipe
        // (a poller of the connection wakes for every event the compositor sends, each motion of a hovering pointer).
        wl->flush(c->display);
        struct pollfd fds[1 + MOST_WRITES];
        fds[0] = (struct pollfd){c->wake_pipe[0], POLLIN, 0};
        size_t watched = 1;
        for (size_t i = 0; i < c->paste_count; i++)
            if (c->pastes[i].data) fds[watched++] = (struct pollfd){c->pastes[i].fd, POLLOUT, 0};
        int ready = poll(fds, watched, c->paste_count ? 1000 : -1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return NULL;
        if (fds[0].revents & POLLIN) {
            char drained[64];
            while (read(c->wake_pipe[0], drained, sizeof drained) > 0) {
            }
            pthread_mutex_lock(&c->lock);
            int stop = c->stop;
            pthread_mutex_unlock(&c->lock);
            if (stop) return NULL;
            // The compositor's events first (a key's serial is already kept), then the gallery's offer and bytes.
            wayland_clipboard_take_source_events(c);
            wayland_clipboard_take_handed_over(c);
        }
        wayland_clipboard_write_pastes(c);
        wayland_clipboard_end_idle_pastes(c, time(NULL));
    }
}

static void registry_global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    (void)registry;
    gallery_wayland_clipboard *c = data;
    if (strcmp(interface, "wl_seat") == 0 && c->seat_name == 0) {
        c->seat_name = name;
        c->seat_version = version;
    } else if (strcmp(interface, "wl_data_device_manager") == 0) {
        c->manager_name = name;
        c->manager_version = version;
    }
}

static void registry_global_remove(void *data, struct wl_proxy *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static void (*registry_listener[])(void) = {(void (*)(void))registry_global, (void (*)(void))registry_global_remove};

static struct wl_proxy *bind(gallery_wayland_clipboard *c, uint32_t name, const struct wl_interface *interface,
                             uint32_t version) {
    return wl->marshal_flags(c->registry, 0, interface, version, 0, name, interface->name, version, NULL);
}

static void release(gallery_wayland_clipboard *c) {
    wayland_clipboard_drop_source_events(c);
    wayland_clipboard_end_pastes(c);
    wayland_clipboard_destroy_sources(c);
    if (c->device) wayland_clipboard_destroy_offers(c);
    if (c->device) {  // wl_data_device.release (opcode 2, from version 2)
        if (wl->get_version(c->device) >= 2)
            wl->marshal_flags(c->device, 2, NULL, wl->get_version(c->device), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(c->device);
    }
    if (c->manager) wl->proxy_destroy(c->manager);
    if (c->keyboard) {
        if (wl->get_version(c->keyboard) >= 3)
            wl->marshal_flags(c->keyboard, 0, NULL, wl->get_version(c->keyboard), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(c->keyboard);
    }
    if (c->seat) {
        if (wl->get_version(c->seat) >= 5)
            wl->marshal_flags(c->seat, 3, NULL, wl->get_version(c->seat), WL_MARSHAL_FLAG_DESTROY);
        else
            wl->proxy_destroy(c->seat);
    }
    if (c->registry) wl->proxy_destroy(c->registry);
    if (c->display_wrapper) wl->wrapper_destroy(c->display_wrapper);
    if (c->display) wl->flush(c->display);
    if (c->queue) wl->queue_destroy(c->queue);
    clipboard_offer_free(c->current);
    clipboard_handover_free(&c->handover);
    if (c->wake_pipe[0] >= 0) close(c->wake_pipe[0]);
    if (c->wake_pipe[1] >= 0) close(c->wake_pipe[1]);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

gallery_wayland_clipboard *gallery_wayland_clipboard_open(void *window, char *error, size_t error_size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) {
        snprintf(error, error_size, "the window is not on Wayland");
        return NULL;
    }
    if (load_libwayland(error, error_size) != 0) return NULL;
    gallery_wayland_clipboard *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    c->library = wl;
    pthread_mutex_init(&c->lock, NULL);
    c->wake_pipe[0] = c->wake_pipe[1] = -1;
    c->display = info.info.wl.display;
    if (pipe2(c->wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0 || !(c->queue = wl->create_queue(c->display)) ||
        !(c->display_wrapper = wl->create_wrapper(c->display))) {
        snprintf(error, error_size, "cannot make an event queue: %s", strerror(errno));
        release(c);
        return NULL;
    }
    wl->set_queue(c->display_wrapper, c->queue);
    c->registry = wl->marshal_flags(c->display_wrapper, 1, wl->registry_interface,
                                   wl->get_version(c->display_wrapper), 0, NULL);
    if (!c->registry || wl->add_listener(c->registry, registry_listener, c) != 0 ||
        wl->roundtrip_queue(c->display, c->queue) < 0) {
        snprintf(error, error_size, "cannot list the compositor's globals");
        release(c);
        return NULL;
    }
    if (!c->seat_name || !c->manager_name) {
        snprintf(error, error_size, c->seat_name ? "no wl_data_device_manager" : "no seat");
        release(c);
        return NULL;
    }
    c->manager = bind(c, c->manager_name, wl->manager_interface, c->manager_version < 3 ? c->manager_version : 3);
    c->seat = bind(c, c->seat_name, wl->seat_interface, c->seat_version < 5 ? c->seat_version : 5);
    if (!c->manager || !c->seat || wl->add_listener(c->seat, wayland_clipboard_seat_listener, c) != 0) {
        snprintf(error, error_size, "cannot bind the seat and the data device manager");
        release(c);
        return NULL;
    }
    // wl_data_device_manager.get_data_device (opcode 1).
    c->device = wl->marshal_flags(c->manager, 1, wl->device_interface, wl->get_version(c->manager), 0, NULL, c->seat);
    if (!c->device || wl->add_listener(c->device, wayland_clipboard_device_listener, c) != 0 ||
        wl->roundtrip_queue(c->display, c->queue) < 0) {
        snprintf(error, error_size, "cannot get the seat's data device");
        release(c);
        return NULL;
    }
    // Bound: every object onto SDL's own queue (NULL), whose events SDL dispatches on the main thread each time it
    // reads the connection; the objects made later (a keyboard plugged in, the sources, other clients' offers) come
    // from these, on it too. What came on the gallery's queue before the move is dispatched now.
    struct wl_proxy *bound[] = {c->registry, c->seat, c->keyboard, c->manager, c->device};
    for (size_t i = 0; i < sizeof bound / sizeof bound[0]; i++)
        if (bound[i]) wl->set_queue(bound[i], NULL);
    for (size_t i = 0; i < c->offer_count; i++) wl->set_queue(c->offers[i], NULL);
    if (wl->dispatch_queue_pending(c->display, c->queue) < 0) {
        snprintf(error, error_size, "the connection failed");
        release(c);
        return NULL;
    }
    wl->flush(c->display);
    if (pthread_create(&c->thread, NULL, serve, c) != 0) {
        snprintf(error, error_size, "cannot start the clipboard's thread");
        release(c);
        return NULL;
    }
    c->thread_started = 1;
    return c;
}

void wayland_clipboard_wake(gallery_wayland_clipboard *c) {
    ssize_t written;
    do written = write(c->wake_pipe[1], "", 1);
    while (written < 0 && errno == EINTR);
}

uint64_t gallery_wayland_clipboard_offer(gallery_wayland_clipboard *c, const char *const *types,
                                         const uint8_t *const *data, const size_t *sizes, size_t count) {
    uint64_t number = clipboard_handover_offer(&c->handover, &c->lock, types, data, sizes, count);
    if (number) wayland_clipboard_wake(c);
    return number;
}

void gallery_wayland_clipboard_provide(gallery_wayland_clipboard *c, uint64_t offer_number, const char *type,
                                       const uint8_t *data, size_t size) {
    if (clipboard_handover_provide(&c->handover, &c->lock, offer_number, type, data, size))
        wayland_clipboard_wake(c);
}

gallery_wayland_clipboard_statistics gallery_wayland_clipboard_statistics_now(gallery_wayland_clipboard *c) {
    pthread_mutex_lock(&c->lock);
    gallery_wayland_clipboard_statistics now = c->statistics;
    pthread_mutex_unlock(&c->lock);
    return now;
}

void gallery_wayland_clipboard_close(gallery_wayland_clipboard *c) {
    if (!c) return;
    if (c->thread_started) {
        pthread_mutex_lock(&c->lock);
        c->stop = 1;
        pthread_mutex_unlock(&c->lock);
        wayland_clipboard_wake(c);
        pthread_join(c->thread, NULL);
    }
    release(c);
}
