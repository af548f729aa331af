// The X11 clipboard: a connection and window of its own, and the thread that serves the selection from them (its
// events, the wake-ups of the other threads handing over offers and bytes, the end of idle transfers).
#define _GNU_SOURCE
#include "x11_clipboard_state.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// Xlib's error handler is the process's: errors on the clipboard's connection (a requestor window gone before its
// answer) are the clipboard's to ignore, any other goes on to the handler there was (SDL's).
static int (*previous_error_handler)(Display *, XErrorEvent *);
static Display *volatile clipboard_display;

static int ignore_clipboard_errors(Display *display, XErrorEvent *error) {
    if (display == clipboard_display) return 0;
    return previous_error_handler ? previous_error_handler(display, error) : 0;
}

void x11_clipboard_count(gallery_x11_clipboard *c, uint64_t *field, uint64_t by) {
    pthread_mutex_lock(&c->lock);
    *field += by;
    pthread_mutex_unlock(&c->lock);
}

static void wake(gallery_x11_clipboard *c) {
    ssize_t written;
    do written = write(c->wake_pipe[1], "", 1);
    while (written < 0 && errno == EINTR);  // A full pipe already holds a wake-up.
}

static void handle(gallery_x11_clipboard *c, XEvent *event) {
    switch (event->type) {
    case SelectionRequest: {
        XSelectionRequestEvent *r = &event->xselectionrequest;
        waiting request = {r->requestor, r->selection, r->target, r->property, r->time};
        x11_clipboard_answer(c, &request);
        break;
    }
    case SelectionClear:
        if (event->xselectionclear.selection == c->clipboard && event->xselectionclear.time >= c->owned_since) {
            x11_clipboard_drop_offer(c);
            pthread_mutex_lock(&c->lock);
            c->statistics.owned = 0;
            pthread_mutex_unlock(&c->lock);
        }
        break;
    case PropertyNotify:
        if (event->xproperty.state != PropertyDelete) break;
        x11_clipboard_property_deleted(c, event->xproperty.window, event->xproperty.atom);
        break;
    case DestroyNotify:
        x11_clipboard_requestor_destroyed(c, event->xdestroywindow.window);
        break;
    default:
        break;
    }
}

static void *serve(void *argument) {
    pthread_setname_np(pthread_self(), "gallery-x11clip");  // for top and /proc
    gallery_x11_clipboard *c = argument;
    for (;;) {
        while (XPending(c->display)) {
            XEvent event;
            XNextEvent(c->display, &event);
            handle(c, &event);
        }
        XFlush(c->display);
        struct pollfd fds[2] = {{ConnectionNumber(c->display), POLLIN, 0}, {c->wake_pipe[0], POLLIN, 0}};
        int ready = poll(fds, 2, c->transfer_count ? 1000 : -1);
        if (ready < 0 && errno != EINTR) break;
        if (fds[0].revents & (POLLERR | POLLHUP | POLLNVAL)) break;
        if (fds[1].revents & POLLIN) {
            char drained[64];
            while (read(c->wake_pipe[0], drained, sizeof drained) > 0) {
            }
            pthread_mutex_lock(&c->lock);
            int stop = c->stop;
            pthread_mutex_unlock(&c->lock);
            if (stop) break;
            x11_clipboard_take_handed_over(c);
        }
        x11_clipboard_end_idle_transfers(c, time(NULL));
    }
    return NULL;
}

gallery_x11_clipboard *gallery_x11_clipboard_open(void *sdl_window, char *error, size_t error_size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) {
        snprintf(error, error_size, "the window is not on X11");
        return NULL;
    }
    if (clipboard_display) {
        snprintf(error, error_size, "a clipboard is open already");
        return NULL;
    }
    gallery_x11_clipboard *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    c->wake_pipe[0] = c->wake_pipe[1] = -1;
    pthread_mutex_init(&c->lock, NULL);
    if (pipe2(c->wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(error, error_size, "pipe: %s", strerror(errno));
        gallery_x11_clipboard_close(c);
        return NULL;
    }
    c->display = XOpenDisplay(DisplayString(info.info.x11.display));
    if (!c->display) {
        snprintf(error, error_size, "cannot open the display %s", DisplayString(info.info.x11.display));
        gallery_x11_clipboard_close(c);
        return NULL;
    }
    // Without BIG-REQUESTS' larger size: the size every server takes (256 KiB at the protocol's most), less the
    // ChangeProperty request's own header.
    long most = XMaxRequestSize(c->display);
    c->chunk = most > 1024 ? (size_t)most * 4 - 256 : 4096;
    c->window = XCreateSimpleWindow(c->display, DefaultRootWindow(c->display), -10, -10, 1, 1, 0, 0, 0);
    XSelectInput(c->display, c->window, PropertyChangeMask);
    c->clipboard = XInternAtom(c->display, "CLIPBOARD", False);
    c->targets_atom = XInternAtom(c->display, "TARGETS", False);
    c->timestamp = XInternAtom(c->display, "TIMESTAMP", False);
    c->incr = XInternAtom(c->display, "INCR", False);
    c->stamp_property = XInternAtom(c->display, "_GALLERY_CLIPBOARD_TIME", False);
    XFlush(c->display);
    clipboard_display = c->display;
    previous_error_handler = XSetErrorHandler(ignore_clipboard_errors);
    if (pthread_create(&c->thread, NULL, serve, c) != 0) {
        snprintf(error, error_size, "cannot start the clipboard's thread");
        gallery_x11_clipboard_close(c);
        return NULL;
    }
    c->thread_started = 1;
    return c;
}

uint64_t gallery_x11_clipboard_offer(gallery_x11_clipboard *c, const char *const *targets, const uint8_t *const *data,
                                     const size_t *sizes, size_t count) {
    uint64_t number = clipboard_handover_offer(&c->handover, &c->lock, targets, data, sizes, count);
    if (number) wake(c);
    return number;
}

void gallery_x11_clipboard_provide(gallery_x11_clipboard *c, uint64_t offer_number, const char *target,
                                   const uint8_t *data, size_t size) {
    if (clipboard_handover_provide(&c->handover, &c->lock, offer_number, target, data, size)) wake(c);
}

gallery_x11_clipboard_statistics gallery_x11_clipboard_statistics_now(gallery_x11_clipboard *c) {
    pthread_mutex_lock(&c->lock);
    gallery_x11_clipboard_statistics now = c->statistics;
    pthread_mutex_unlock(&c->lock);
    return now;
}

size_t gallery_x11_clipboard_chunk_bytes(gallery_x11_clipboard *c) { return c->chunk; }

void gallery_x11_clipboard_close(gallery_x11_clipboard *c) {
    if (!c) return;
    if (c->thread_started) {
        pthread_mutex_lock(&c->lock);
        c->stop = 1;
        pthread_mutex_unlock(&c->lock);
        wake(c);
        pthread_join(c->thread, NULL);
    }
    x11_clipboard_end_transfers(c);
    clipboard_offer_free(c->current);
    clipboard_handover_free(&c->handover);
    if (c->display) {
        if (c->window) XDestroyWindow(c->display, c->window);
        XCloseDisplay(c->display);
        int (*current)(Display *, XErrorEvent *) = XSetErrorHandler(previous_error_handler);
        if (current != ignore_clipboard_errors) XSetErrorHandler(current);  // another handler came since: kept
        clipboard_display = NULL;
    }
    if (c->wake_pipe[0] >= 0) close(c->wake_pipe[0]);
    if (c->wake_pipe[1] >= 0) close(c->wake_pipe[1]);
    pthread_mutex_destroy(&c->lock);
    free(c);
}
