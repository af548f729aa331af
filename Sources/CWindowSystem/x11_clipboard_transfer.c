// The X11 clipboard's INCR transfers (ICCCM): data larger than one request is written piece by piece, each next one
// when the requestor deletes the property it read.
#define _GNU_SOURCE
#include "x11_clipboard_state.h"

#include <time.h>

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
int x11_clipboard_send(gallery_x11_clipboard *c, const waiting *request, Atom property, blob *data) {
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
        x11_clipboard_count(c, &c->statistics.incremental, 1);
        end_transfer(c, index);
    }
}

void x11_clipboard_property_deleted(gallery_x11_clipboard *c, Window window, Atom property) {
    for (size_t i = 0; i < c->transfer_count; i++) {
        if (c->transfers[i].requestor == window && c->transfers[i].property == property) {
            next_piece(c, i);
            return;
        }
    }
}

void x11_clipboard_requestor_destroyed(gallery_x11_clipboard *c, Window window) {
    for (size_t i = c->transfer_count; i-- > 0;)
        if (c->transfers[i].requestor == window) end_transfer(c, i);
}

void x11_clipboard_end_idle_transfers(gallery_x11_clipboard *c, time_t now) {
    for (size_t i = c->transfer_count; i-- > 0;)
        if (now - c->transfers[i].active > TRANSFER_IDLE_SECONDS) end_transfer(c, i);
}

void x11_clipboard_end_transfers(gallery_x11_clipboard *c) {
    while (c->transfer_count) end_transfer(c, c->transfer_count - 1);
}
