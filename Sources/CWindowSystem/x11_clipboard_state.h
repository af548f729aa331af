#ifndef GALLERY_X11_CLIPBOARD_STATE_H
#define GALLERY_X11_CLIPBOARD_STATE_H

// What the X11 clipboard's files share (not in include/: Swift never sees it): its state, the requests it answers
// (x11_clipboard_requests.c), its INCR transfers (x11_clipboard_transfer.c) and its thread (x11_clipboard.c).

#include "x11_clipboard.h"

#include "clipboard_handover.h"

#include <X11/Xlib.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

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

/// Adds `by` to a statistic under the clipboard's lock.
void x11_clipboard_count(gallery_x11_clipboard *c, uint64_t *field, uint64_t by);

/// Answers one selection request, or keeps it until its target is made.
void x11_clipboard_answer(gallery_x11_clipboard *c, const waiting *request);

/// Gives up the offer owned (the selection lost or replaced); requests waiting for it are refused.
void x11_clipboard_drop_offer(gallery_x11_clipboard *c);

/// Takes the new offer and the bytes the other threads handed over: owns the selection for the one, answers the
/// requests waiting for the others.
void x11_clipboard_take_handed_over(gallery_x11_clipboard *c);

/// Writes `data` into the requestor's property, whole or by INCR; 0, or -1 to refuse.
int x11_clipboard_send(gallery_x11_clipboard *c, const waiting *request, Atom property, blob *data);

/// The requestor deleted `property` on `window`: the next piece of the transfer there, if any.
void x11_clipboard_property_deleted(gallery_x11_clipboard *c, Window window, Atom property);

/// `window` is gone: its transfers end.
void x11_clipboard_requestor_destroyed(gallery_x11_clipboard *c, Window window);

/// Ends the transfers whose requestor took no piece for TRANSFER_IDLE_SECONDS.
void x11_clipboard_end_idle_transfers(gallery_x11_clipboard *c, time_t now);

/// Ends every transfer (the clipboard closing).
void x11_clipboard_end_transfers(gallery_x11_clipboard *c);

#endif
