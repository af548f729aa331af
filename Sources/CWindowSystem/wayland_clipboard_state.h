#ifndef GALLERY_WAYLAND_CLIPBOARD_STATE_H
#define GALLERY_WAYLAND_CLIPBOARD_STATE_H

// What the Wayland clipboard's files share (not in include/: Swift never sees it): its state, its seat and data device
// (wayland_clipboard_seat.c), its source, the gallery's offer (wayland_clipboard_source.c), the pastes it writes
// (wayland_clipboard_pastes.c) and its thread (wayland_clipboard.c). The Wayland objects' events are dispatched by SDL
// on the main thread (they are on SDL's own queue once bound); the thread serves the pastes and makes the requests.

#include "wayland_clipboard.h"

#include "clipboard_handover.h"
#include "wayland_library.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <wayland-client-core.h>

enum {
    MOST_WRITES = 32,
    WRITE_PIECE = 1 << 16,
    PASTE_IDLE_SECONDS = 90,  // a reader that stops reading is given up on (a picture is made within ~65 s)
    MOST_SOURCE_EVENTS = 64,  // the source's events handed to the thread and not taken yet
    SOURCE_CANCEL_ROOM = 16,  // of them kept for cancellations: sends beyond the rest are refused
    MOST_SOURCES = 8,         // the gallery's sources alive: the current one and those replaced, until cancelled
};

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

// An event of a source, from SDL's dispatch on the main thread for the clipboard's thread: a paste asked of `type` into
// `fd`, or (type NULL) the source cancelled.
typedef struct source_event {
    struct wl_proxy *source;
    char *type;
    int fd;
} source_event;

struct gallery_wayland_clipboard {
    const gallery_wayland_library *library;  // libwayland-client's functions, for the files without `wl`
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_proxy *display_wrapper, *registry, *seat, *keyboard, *manager, *device, *source;
    struct wl_proxy *offers[8];  // other clients' offers the device announced: destroyed unread
    size_t offer_count;
    uint32_t seat_name, seat_version, manager_name, manager_version;

    pthread_t thread;
    int thread_started;
    int wake_pipe[2];

    pthread_mutex_t lock;  // guards what the other threads hand over, the serial and the statistics
    uint32_t serial;       // the latest key event's (or keyboard enter's)
    source_event source_events[MOST_SOURCE_EVENTS];
    size_t source_event_count;
    int stop;
    clipboard_handover handover;
    gallery_wayland_clipboard_statistics statistics;

    offer *current;  // the thread's own from here
    struct wl_proxy *sources[MOST_SOURCES];  // every source alive (the current one is `source`)
    size_t source_count;
    paste pastes[MOST_WRITES];
    size_t paste_count;
};

/// The seat's listener: its keyboard is bound for the serials of key presses alone.
extern void (*wayland_clipboard_seat_listener[2])(void);

/// The data device's listener: other clients' offers are not read, only destroyed.
extern void (*wayland_clipboard_device_listener[6])(void);

/// Destroys the other clients' offers the data device announced.
void wayland_clipboard_destroy_offers(gallery_wayland_clipboard *c);

/// Wakes the clipboard's thread (any thread).
void wayland_clipboard_wake(gallery_wayland_clipboard *c);

/// Takes the source's events SDL's dispatch handed over, in order: the pastes asked for begun, a cancelled source
/// destroyed (and the selection no longer owned, when it was the gallery's current one).
void wayland_clipboard_take_source_events(gallery_wayland_clipboard *c);

/// Destroys every source alive (the clipboard closing).
void wayland_clipboard_destroy_sources(gallery_wayland_clipboard *c);

/// Drops the source's events never taken (the clipboard closing): the pastes' pipes closed, cancelled sources
/// destroyed.
void wayland_clipboard_drop_source_events(gallery_wayland_clipboard *c);

/// Takes the new offer and the bytes the other threads handed over: a new source for the one, the pastes waiting for
/// the others written.
void wayland_clipboard_take_handed_over(gallery_wayland_clipboard *c);

/// A paste of `type` into `fd` begins, with its bytes `ready` (NULL: written once made); refused (`fd` closed) when
/// the type is not `known` or too many pastes are under way.
void wayland_clipboard_start_paste(gallery_wayland_clipboard *c, int32_t fd, const char *type, blob *ready,
                                   int known);

/// The pastes waiting for `type` get its bytes `made` (NULL: withdrawn, they are refused).
void wayland_clipboard_paste_made(gallery_wayland_clipboard *c, const char *type, blob *made);

/// Ends the pastes waiting for bytes (their offer cancelled), refused.
void wayland_clipboard_end_waiting_pastes(gallery_wayland_clipboard *c);

/// Writes what each paste's pipe takes now; a paste written whole, or whose reader went, ends.
void wayland_clipboard_write_pastes(gallery_wayland_clipboard *c);

/// Ends the pastes whose reader took nothing for PASTE_IDLE_SECONDS.
void wayland_clipboard_end_idle_pastes(gallery_wayland_clipboard *c, time_t now);

/// Ends every paste (the clipboard closing), refused.
void wayland_clipboard_end_pastes(gallery_wayland_clipboard *c);

#endif
