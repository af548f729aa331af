#define _GNU_SOURCE
#include "wayland_clipboard.h"

#include "wayland_library.h"

#include "clipboard_handover.h"

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

enum {
    MOST_WRITES = 32,
    WRITE_PIECE = 1 << 16,
    PASTE_IDLE_SECONDS = 90,  // a reader that stops reading is given up on (a picture is made within ~65 s)
};

// libwayland-client's functions (wayland_library.c), set by `load_libwayland`.
static const gallery_wayland_library *wl;

static int load_libwayland(char *error, size_t error_size) {
    wl = gallery_wayland_library_load(error, error_size);
    return wl ? 0 : -1;
}

typedef clipboard_blob blob;
typedef clipboard_offer offer;
typedef clipboard_provided provided;

// One paste: the pipe the reader reads, and the bytes still to write (none yet while its type is being made).
typedef struct paste {
    int fd;
    char *type;
    blob *data;
    size_t offset;
    time_t active;  // when the reader last took bytes (or asked)
} paste;

struct gallery_wayland_clipboard {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_proxy *display_wrapper, *registry, *seat, *keyboard, *manager, *device, *source;
    struct wl_proxy *offers[8];  // other clients' offers the device announced: destroyed unread
    size_t offer_count;
    uint32_t seat_name, seat_version, manager_name, manager_version;
    uint32_t serial;  // the latest key event's (or keyboard enter's)

    pthread_t thread;
    int thread_started;
    int wake_pipe[2];

    pthread_mutex_t lock;  // guards what the other threads hand over and the statistics
    int stop;
    clipboard_handover handover;
    gallery_wayland_clipboard_statistics statistics;

    offer *current;  // the thread's own from here
    paste pastes[MOST_WRITES];
    size_t paste_count;
};

static void count(gallery_wayland_clipboard *c, uint64_t *field) {
    pthread_mutex_lock(&c->lock);
    (*field)++;
    pthread_mutex_unlock(&c->lock);
}

static void set_owned(gallery_wayland_clipboard *c, int owned) {
    pthread_mutex_lock(&c->lock);
    c->statistics.owned = (uint64_t)owned;
    pthread_mutex_unlock(&c->lock);
}

static void end_paste(gallery_wayland_clipboard *c, size_t index, int written) {
    paste *p = &c->pastes[index];
    close(p->fd);
    free(p->type);
    clipboard_blob_release(p->data);
    count(c, written ? &c->statistics.answered : &c->statistics.refused);
    c->pastes[index] = c->pastes[--c->paste_count];
}

// ---- the seat's keyboard: only its serials --------------------------------------------------------------------

static void keyboard_keymap(void *data, struct wl_proxy *keyboard, uint32_t format, int32_t fd, uint32_t size) {
    (void)data, (void)keyboard, (void)format, (void)size;
    close(fd);
}

static void keyboard_enter(void *data, struct wl_proxy *keyboard, uint32_t serial, struct wl_proxy *surface,
                           void *keys) {
    (void)keyboard, (void)surface, (void)keys;
    ((gallery_wayland_clipboard *)data)->serial = serial;
}

static void keyboard_leave(void *data, struct wl_proxy *keyboard, uint32_t serial, struct wl_proxy *surface) {
    (void)data, (void)keyboard, (void)serial, (void)surface;
}

static void keyboard_key(void *data, struct wl_proxy *keyboard, uint32_t serial, uint32_t time, uint32_t key,
                         uint32_t state) {
    (void)keyboard, (void)time, (void)key, (void)state;
    ((gallery_wayland_clipboard *)data)->serial = serial;
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

static void (*seat_listener[])(void) = {(void (*)(void))seat_capabilities, (void (*)(void))seat_name};

// ---- the data device: other clients' offers are not read, only destroyed ------------------------------------------

static void destroy_offers(gallery_wayland_clipboard *c) {
    for (size_t i = 0; i < c->offer_count; i++)  // wl_data_offer.destroy (opcode 2)
        wl->marshal_flags(c->offers[i], 2, NULL, wl->get_version(c->offers[i]), WL_MARSHAL_FLAG_DESTROY);
    c->offer_count = 0;
}

static void device_data_offer(void *data, struct wl_proxy *device, struct wl_proxy *offered) {
    (void)device;
    gallery_wayland_clipboard *c = data;
    if (c->offer_count == sizeof c->offers / sizeof c->offers[0]) destroy_offers(c);
    c->offers[c->offer_count++] = offered;  // no listener: its events are dropped
}

static void device_enter(void *data, struct wl_proxy *device, uint32_t serial, struct wl_proxy *surface,
                         wl_fixed_t x, wl_fixed_t y, struct wl_proxy *offered) {
    (void)data, (void)device, (void)serial, (void)surface, (void)x, (void)y, (void)offered;
}

static void device_leave(void *data, struct wl_proxy *device) {
    (void)device;
    destroy_offers(data);
}

static void device_motion(void *data, struct wl_proxy *device, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)data, (void)device, (void)time, (void)x, (void)y;
}

static void device_drop(void *data, struct wl_proxy *device) { (void)data, (void)device; }

static void device_selection(void *data, struct wl_proxy *device, struct wl_proxy *offered) {
    (void)device, (void)offered;
    destroy_offers(data);
}

static void (*device_listener[])(void) = {
    (void (*)(void))device_data_offer, (void (*)(void))device_enter, (void (*)(void))device_leave,
    (void (*)(void))device_motion,     (void (*)(void))device_drop,  (void (*)(void))device_selection,
};

// ---- the source: the gallery's offer -------------------------------------------------------------------------

static blob *ready_data(gallery_wayland_clipboard *c, const char *type, int *known) {
    *known = 0;
    if (!c->current) return NULL;
    for (size_t i = 0; i < c->current->count; i++) {
        if (strcmp(c->current->types[i], type) != 0) continue;
        *known = 1;
        return c->current->data[i];
    }
    return NULL;
}

static void source_target(void *data, struct wl_proxy *source, const char *type) {
    (void)data, (void)source, (void)type;
}

static void source_send(void *data, struct wl_proxy *source, const char *type, int32_t fd) {
    gallery_wayland_clipboard *c = data;
    int known = 0;
    blob *ready = source == c->source ? ready_data(c, type, &known) : NULL;
    char *copied = strdup(type);
    if (!known || c->paste_count == MOST_WRITES || !copied || fcntl(fd, F_SETFL, O_NONBLOCK) != 0) {
        free(copied);
        close(fd);
        count(c, &c->statistics.refused);
        return;
    }
    if (ready) ready->references++;
    c->pastes[c->paste_count++] = (paste){fd, copied, ready, 0, time(NULL)};  // without data: written once it is made
}

static void source_cancelled(void *data, struct wl_proxy *source) {
    gallery_wayland_clipboard *c = data;
    // wl_data_source.destroy (opcode 1): replaced by another client's selection or by the gallery's next.
    wl->marshal_flags(source, 1, NULL, wl->get_version(source), WL_MARSHAL_FLAG_DESTROY);
    if (source != c->source) return;
    c->source = NULL;
    clipboard_offer_free(c->current);
    c->current = NULL;
    set_owned(c, 0);
    for (size_t i = c->paste_count; i-- > 0;)
        if (!c->pastes[i].data) end_paste(c, i, 0);  // waiting for a picture no longer offered
}

static void source_ignored(void *data, struct wl_proxy *source) { (void)data, (void)source; }

static void source_action(void *data, struct wl_proxy *source, uint32_t action) {
    (void)data, (void)source, (void)action;
}

static void (*source_listener[])(void) = {
    (void (*)(void))source_target,  (void (*)(void))source_send,    (void (*)(void))source_cancelled,
    (void (*)(void))source_ignored, (void (*)(void))source_ignored, (void (*)(void))source_action,
};

static void adopt(gallery_wayland_clipboard *c, offer *taken) {
    // wl_data_device_manager.create_data_source (opcode 0); wl_data_source.offer (0) for each type;
    // wl_data_device.set_selection (1) with the key press's serial. The source set before is cancelled by it.
    struct wl_proxy *source =
        wl->marshal_flags(c->manager, 0, wl->source_interface, wl->get_version(c->manager), 0, NULL);
    if (!source) {
        clipboard_offer_free(taken);
        return;
    }
    wl->add_listener(source, source_listener, c);
    for (size_t i = 0; i < taken->count; i++)
        wl->marshal_flags(source, 0, NULL, wl->get_version(source), 0, taken->types[i]);
    wl->marshal_flags(c->device, 1, NULL, wl->get_version(c->device), 0, source, c->serial);
    clipboard_offer_free(c->current);
    c->current = taken;
    c->source = source;
    pthread_mutex_lock(&c->lock);
    c->statistics.offers++;
    c->statistics.owned = 1;
    pthread_mutex_unlock(&c->lock);
}

static void apply(gallery_wayland_clipboard *c, provided *given) {
    if (!c->current || c->current->number != given->offer) return;
    for (size_t i = 0; i < c->current->count; i++) {
        if (c->current->data[i] || strcmp(c->current->types[i], given->type) != 0) continue;
        blob *made = given->data;
        given->data = NULL;
        if (made) {
            c->current->data[i] = made;
        } else {  // withdrawn (a paste asking for it later is refused)
            free(c->current->types[i]);
            c->current->count--;
            c->current->types[i] = c->current->types[c->current->count];
            c->current->data[i] = c->current->data[c->current->count];
        }
        for (size_t j = c->paste_count; j-- > 0;) {
            if (c->pastes[j].data || strcmp(c->pastes[j].type, given->type) != 0) continue;
            if (!made) {
                end_paste(c, j, 0);
                continue;
            }
            c->pastes[j].data = made;
            c->pastes[j].active = time(NULL);
            made->references++;
        }
        return;
    }
}

static void take_handed_over(gallery_wayland_clipboard *c) {
    offer *incoming;
    provided handed[CLIPBOARD_MOST_PROVIDED];
    size_t handed_count = clipboard_handover_take(&c->handover, &c->lock, &incoming, handed);
    if (incoming) adopt(c, incoming);
    for (size_t i = 0; i < handed_count; i++) {
        apply(c, &handed[i]);
        free(handed[i].type);
        clipboard_blob_release(handed[i].data);
    }
}

// Writes what each paste's pipe takes now (non-blocking: a full pipe waits for the next turn, when poll says it has
// room); a paste written whole, or whose reader went, ends.
static void write_pastes(gallery_wayland_clipboard *c) {
    for (size_t i = c->paste_count; i-- > 0;) {
        paste *p = &c->pastes[i];
        if (!p->data) continue;
        int failed = 0;
        while (p->offset < p->data->size) {
            size_t left = p->data->size - p->offset;
            ssize_t written = write(p->fd, p->data->bytes + p->offset, left < WRITE_PIECE ? left : WRITE_PIECE);
            if (written > 0) {
                p->offset += (size_t)written;
                p->active = time(NULL);
            } else if (!(written < 0 && errno == EINTR)) {
                failed = !(written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));  // EPIPE: the reader went
                break;
            }
        }
        if (failed || p->offset == p->data->size) end_paste(c, i, !failed);
    }
}

static void *serve(void *argument) {
    gallery_wayland_clipboard *c = argument;
    for (;;) {
        while (wl->prepare_read_queue(c->display, c->queue) != 0) {
            if (wl->dispatch_queue_pending(c->display, c->queue) < 0) return NULL;
        }
        wl->flush(c->display);
        struct pollfd fds[2 + MOST_WRITES];
        fds[0] = (struct pollfd){wl->get_fd(c->display), POLLIN, 0};
        fds[1] = (struct pollfd){c->wake_pipe[0], POLLIN, 0};
        size_t watched = 2;
        for (size_t i = 0; i < c->paste_count; i++)
            if (c->pastes[i].data) fds[watched++] = (struct pollfd){c->pastes[i].fd, POLLOUT, 0};
        int ready = poll(fds, watched, c->paste_count ? 1000 : -1);
        if (ready < 0 && errno == EINTR) {
            wl->cancel_read(c->display);
            continue;
        }
        if (ready < 0 || (fds[0].revents & (POLLERR | POLLHUP | POLLNVAL))) {
            wl->cancel_read(c->display);
            return NULL;
        }
        if (fds[0].revents & POLLIN) {
            if (wl->read_events(c->display) < 0) return NULL;
        } else {
            wl->cancel_read(c->display);
        }
        if (wl->dispatch_queue_pending(c->display, c->queue) < 0) return NULL;
        if (fds[1].revents & POLLIN) {
            char drained[64];
            while (read(c->wake_pipe[0], drained, sizeof drained) > 0) {
            }
            pthread_mutex_lock(&c->lock);
            int stop = c->stop;
            pthread_mutex_unlock(&c->lock);
            if (stop) return NULL;
            take_handed_over(c);
        }
        write_pastes(c);
        time_t now = time(NULL);
        for (size_t i = c->paste_count; i-- > 0;)
            if (now - c->pastes[i].active > PASTE_IDLE_SECONDS) end_paste(c, i, 0);
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
    while (c->paste_count) end_paste(c, c->paste_count - 1, 0);
    if (c->source) wl->marshal_flags(c->source, 1, NULL, wl->get_version(c->source), WL_MARSHAL_FLAG_DESTROY);
    if (c->device) destroy_offers(c);
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
    if (!c->manager || !c->seat || wl->add_listener(c->seat, seat_listener, c) != 0) {
        snprintf(error, error_size, "cannot bind the seat and the data device manager");
        release(c);
        return NULL;
    }
    // wl_data_device_manager.get_data_device (opcode 1).
    c->device = wl->marshal_flags(c->manager, 1, wl->device_interface, wl->get_version(c->manager), 0, NULL, c->seat);
    if (!c->device || wl->add_listener(c->device, device_listener, c) != 0 ||
        wl->roundtrip_queue(c->display, c->queue) < 0) {
        snprintf(error, error_size, "cannot get the seat's data device");
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

static void wake(gallery_wayland_clipboard *c) {
    ssize_t written;
    do written = write(c->wake_pipe[1], "", 1);
    while (written < 0 && errno == EINTR);
}

uint64_t gallery_wayland_clipboard_offer(gallery_wayland_clipboard *c, const char *const *types,
                                         const uint8_t *const *data, const size_t *sizes, size_t count) {
    uint64_t number = clipboard_handover_offer(&c->handover, &c->lock, types, data, sizes, count);
    if (number) wake(c);
    return number;
}

void gallery_wayland_clipboard_provide(gallery_wayland_clipboard *c, uint64_t offer_number, const char *type,
                                       const uint8_t *data, size_t size) {
    if (clipboard_handover_provide(&c->handover, &c->lock, offer_number, type, data, size)) wake(c);
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
        wake(c);
        pthread_join(c->thread, NULL);
    }
    release(c);
}
