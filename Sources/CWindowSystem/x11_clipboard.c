#define _GNU_SOURCE
#include "x11_clipboard.h"

#include "clipboard_handover.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
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

enum {
    MOST_TARGETS = CLIPBOARD_MOST_TYPES,
    MOST_WAITING = 32,    // requests for a target still being made, answered when it comes
    MOST_TRANSFERS = 32,  // INCR transfers under way at once
    TRANSFER_IDLE_SECONDS = 30,  // a requestor that stops reading an INCR transfer is given up on
};

typedef clipboard_blob blob;
typedef clipboard_offer offer;
typedef clipboard_provided provided;

typedef struct waiting {
    Window requestor;
    Atom selection, target, property;
    Time time;
} waiting;

typedef struct transfer {
    Window requestor;
    Atom property, type;
    blob *data;
    size_t offset;
    time_t active;  // when the requestor last took a piece
} transfer;

struct gallery_x11_clipboard {
    Display *display;
    Window window;
    Atom clipboard, targets_atom, timestamp, incr, stamp_property;
    size_t chunk;

    pthread_t thread;
    int thread_started;
    int wake_pipe[2];

    pthread_mutex_t lock;  // guards what the other threads hand over and the statistics
    int stop;
    clipboard_handover handover;
    gallery_x11_clipboard_statistics statistics;

    // The thread's own.
    offer *current;
    Atom atoms[MOST_TARGETS];
    Time owned_since;
    int owning;
    waiting waiting[MOST_WAITING];
    size_t waiting_count;
    transfer transfers[MOST_TRANSFERS];
    size_t transfer_count;
};

// Xlib's error handler is the process's: errors on the clipboard's connection (a requestor window gone before its
// answer) are the clipboard's to ignore, any other goes on to the handler there was (SDL's).
static int (*previous_error_handler)(Display *, XErrorEvent *);
static Display *volatile clipboard_display;

static int ignore_clipboard_errors(Display *display, XErrorEvent *error) {
    if (display == clipboard_display) return 0;
    return previous_error_handler ? previous_error_handler(display, error) : 0;
}

static void count(gallery_x11_clipboard *c, uint64_t *field, uint64_t by) {
    pthread_mutex_lock(&c->lock);
    *field += by;
    pthread_mutex_unlock(&c->lock);
}

static void wake(gallery_x11_clipboard *c) {
    ssize_t written;
    do written = write(c->wake_pipe[1], "", 1);
    while (written < 0 && errno == EINTR);  // A full pipe already holds a wake-up.
}

static void notify(gallery_x11_clipboard *c, const waiting *request, Atom property) {
    XSelectionEvent event = {.type = SelectionNotify, .display = c->display, .requestor = request->requestor,
                             .selection = request->selection, .target = request->target, .property = property,
                             .time = request->time};
    XSendEvent(c->display, request->requestor, False, NoEventMask, (XEvent *)&event);
    count(c, property == None ? &c->statistics.refused : &c->statistics.answered, 1);
}

static int watched_by_transfer(gallery_x11_clipboard *c, Window window) {
    for (size_t i = 0; i < c->transfer_count; i++)
        if (c->transfers[i].requestor == window) return 1;
    return 0;
}

static void end_transfer(gallery_x11_clipboard *c, size_t index) {
    Window requestor = c->transfers[index].requestor;
    clipboard_blob_release(c->transfers[index].data);
    c->transfers[index] = c->transfers[--c->transfer_count];
    if (!watched_by_transfer(c, requestor)) XSelectInput(c->display, requestor, NoEventMask);
}

static void note_chunk(gallery_x11_clipboard *c, size_t bytes) {
    pthread_mutex_lock(&c->lock);
    if (bytes > c->statistics.largest_chunk) c->statistics.largest_chunk = bytes;
    pthread_mutex_unlock(&c->lock);
}

// Writes `data` into the requestor's property: whole when the server takes it in one request, else by INCR (the
// requestor deletes the property for each next piece, and a piece of no bytes ends it). Returns 0, or -1 to refuse.
static int send_data(gallery_x11_clipboard *c, const waiting *request, Atom property, blob *data) {
    if (data->size <= c->chunk) {
        XChangeProperty(c->display, request->requestor, property, request->target, 8, PropModeReplace, data->bytes,
                        (int)data->size);
        note_chunk(c, data->size);
        return 0;
    }
    if (c->transfer_count == MOST_TRANSFERS) return -1;
    // ICCCM: the owner watches the requestor's property before it writes INCR; DestroyNotify ends a transfer whose
    // requestor went away.
    XSelectInput(c->display, request->requestor, PropertyChangeMask | StructureNotifyMask);
    long total = data->size > (size_t)0x7fffffff ? 0x7fffffff : (long)data->size;  // a lower bound, as ICCCM allows
    XChangeProperty(c->display, request->requestor, property, c->incr, 32, PropModeReplace, (unsigned char *)&total, 1);
    data->references++;
    c->transfers[c->transfer_count++] =
        (transfer){request->requestor, property, request->target, data, 0, time(NULL)};
    return 0;
}

// Answers one request, or keeps it until its target is made; `request->property` is None for an obsolete client.
static void answer(gallery_x11_clipboard *c, const waiting *request) {
    Atom property = request->property != None ? request->property : request->target;
    if (request->selection != c->clipboard || !c->owning || !c->current ||
        (request->time != CurrentTime && request->time < c->owned_since)) {
        notify(c, request, None);
        return;
    }
    if (request->target == c->targets_atom) {
        Atom list[MOST_TARGETS + 2] = {c->targets_atom, c->timestamp};
        int listed = 2;
        for (size_t i = 0; i < c->current->count; i++) list[listed++] = c->atoms[i];
        XChangeProperty(c->display, request->requestor, property, XA_ATOM, 32, PropModeReplace,
                        (unsigned char *)list, listed);
        notify(c, request, property);
        return;
    }
    if (request->target == c->timestamp) {
        long since = (long)c->owned_since;
        XChangeProperty(c->display, request->requestor, property, XA_INTEGER, 32, PropModeReplace,
                        (unsigned char *)&since, 1);
        notify(c, request, property);
        return;
    }
    for (size_t i = 0; i < c->current->count; i++) {
        if (c->atoms[i] != request->target) continue;
        if (!c->current->data[i]) {
            if (c->waiting_count == MOST_WAITING) break;
            c->waiting[c->waiting_count++] = *request;
            return;
        }
        notify(c, request, send_data(c, request, property, c->current->data[i]) == 0 ? property : None);
        return;
    }
    notify(c, request, None);  // A target not offered (MULTIPLE among them), or too many waiting.
}

// Requests waiting for `target`: answered now that it is made or withdrawn.
static void answer_waiting(gallery_x11_clipboard *c, Atom target) {
    size_t kept = 0;
    waiting ready[MOST_WAITING];
    size_t ready_count = 0;
    for (size_t i = 0; i < c->waiting_count; i++) {
        if (target == None || c->waiting[i].target == target)
            ready[ready_count++] = c->waiting[i];
        else
            c->waiting[kept++] = c->waiting[i];
    }
    c->waiting_count = kept;
    for (size_t i = 0; i < ready_count; i++) answer(c, &ready[i]);
}

// A server time for XSetSelectionOwner (ICCCM forbids CurrentTime there): a zero-length append to the window's own
// property, whose PropertyNotify carries the server's time.
static int property_stamp(Display *display, XEvent *event, XPointer argument) {
    gallery_x11_clipboard *c = (gallery_x11_clipboard *)argument;
    return event->type == PropertyNotify && event->xproperty.window == c->window &&
           event->xproperty.atom == c->stamp_property;
}

static Time server_time(gallery_x11_clipboard *c) {
    XChangeProperty(c->display, c->window, c->stamp_property, XA_STRING, 8, PropModeAppend, NULL, 0);
    XEvent event;
    XIfEvent(c->display, &event, property_stamp, (XPointer)c);
    return event.xproperty.time;
}

static void drop_offer(gallery_x11_clipboard *c) {
    c->owning = 0;
    clipboard_offer_free(c->current);
    c->current = NULL;
    answer_waiting(c, None);  // refused: nothing is owned now
}

static void adopt(gallery_x11_clipboard *c, offer *taken) {
    drop_offer(c);
    c->current = taken;
    for (size_t i = 0; i < taken->count; i++) c->atoms[i] = XInternAtom(c->display, taken->types[i], False);
    c->owned_since = server_time(c);
    XSetSelectionOwner(c->display, c->clipboard, c->window, c->owned_since);
    c->owning = XGetSelectionOwner(c->display, c->clipboard) == c->window;
    pthread_mutex_lock(&c->lock);
    c->statistics.offers++;
    c->statistics.owned = (uint64_t)c->owning;
    pthread_mutex_unlock(&c->lock);
}

static void apply(gallery_x11_clipboard *c, provided *given) {
    if (!c->current || c->current->number != given->offer) return;
    for (size_t i = 0; i < c->current->count; i++) {
        if (c->current->data[i] || strcmp(c->current->types[i], given->type) != 0) continue;
        Atom target = c->atoms[i];
        if (given->data) {
            c->current->data[i] = given->data;
            given->data = NULL;
        } else {  // withdrawn: no longer among the targets
            free(c->current->types[i]);
            c->current->count--;
            c->current->types[i] = c->current->types[c->current->count];
            c->current->data[i] = c->current->data[c->current->count];
            c->atoms[i] = c->atoms[c->current->count];
        }
        answer_waiting(c, target);
        return;
    }
}

static void take_handed_over(gallery_x11_clipboard *c) {
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

static void next_piece(gallery_x11_clipboard *c, size_t index) {
    transfer *t = &c->transfers[index];
    size_t left = t->data->size - t->offset;
    size_t piece = left < c->chunk ? left : c->chunk;
    XChangeProperty(c->display, t->requestor, t->property, t->type, 8, PropModeReplace, t->data->bytes + t->offset,
                    (int)piece);
    note_chunk(c, piece);
    t->offset += piece;
    t->active = time(NULL);
    if (piece == 0) {
        count(c, &c->statistics.incremental, 1);
        end_transfer(c, index);
    }
}

static void handle(gallery_x11_clipboard *c, XEvent *event) {
    switch (event->type) {
    case SelectionRequest: {
        XSelectionRequestEvent *r = &event->xselectionrequest;
        waiting request = {r->requestor, r->selection, r->target, r->property, r->time};
        answer(c, &request);
        break;
    }
    case SelectionClear:
        if (event->xselectionclear.selection == c->clipboard && event->xselectionclear.time >= c->owned_since) {
            drop_offer(c);
            pthread_mutex_lock(&c->lock);
            c->statistics.owned = 0;
            pthread_mutex_unlock(&c->lock);
        }
        break;
    case PropertyNotify:
        if (event->xproperty.state != PropertyDelete) break;
        for (size_t i = 0; i < c->transfer_count; i++) {
            if (c->transfers[i].requestor == event->xproperty.window &&
                c->transfers[i].property == event->xproperty.atom) {
                next_piece(c, i);
                break;
            }
        }
        break;
    case DestroyNotify:
        for (size_t i = c->transfer_count; i-- > 0;)
            if (c->transfers[i].requestor == event->xdestroywindow.window) end_transfer(c, i);
        break;
    default:
        break;
    }
}

static void *serve(void *argument) {
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
            take_handed_over(c);
        }
        time_t now = time(NULL);
        for (size_t i = c->transfer_count; i-- > 0;)
            if (now - c->transfers[i].active > TRANSFER_IDLE_SECONDS) end_transfer(c, i);
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
    while (c->transfer_count) end_transfer(c, c->transfer_count - 1);
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
