// The Wayland clipboard's source: the gallery's offer as a wl_data_source set as the selection, its types' bytes as
// they are made or withdrawn, and the pastes it is asked for (its events come on the main thread, in SDL's dispatch,
// and are handed to the clipboard's thread).
#define _GNU_SOURCE
#include "wayland_clipboard_state.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void set_owned(gallery_wayland_clipboard *c, int owned) {
    pthread_mutex_lock(&c->lock);
    c->statistics.owned = (uint64_t)owned;
    pthread_mutex_unlock(&c->lock);
}

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

// ---- the source's events: on the main thread within SDL's dispatch, handed to the clipboard's thread ----------------

static void source_send(void *data, struct wl_proxy *source, const char *type, int32_t fd) {
    gallery_wayland_clipboard *c = data;
    char *copied = strdup(type);
    pthread_mutex_lock(&c->lock);
    int taken = copied && c->source_event_count < MOST_SOURCE_EVENTS - SOURCE_CANCEL_ROOM;
    if (taken)
        c->source_events[c->source_event_count++] = (source_event){source, copied, fd};
    else
        c->statistics.refused++;
    pthread_mutex_unlock(&c->lock);
    if (taken) {
        wayland_clipboard_wake(c);
        return;
    }
    free(copied);
    close(fd);
}

static void source_cancelled(void *data, struct wl_proxy *source) {
    gallery_wayland_clipboard *c = data;
    // The thread destroys the source, after the events before this one. Room is always left: the thread takes every
    // event before it makes its next source, so at most two cancellations (the source it replaced, and the current
    // one's by another client) wait at once.
    pthread_mutex_lock(&c->lock);
    if (c->source_event_count < MOST_SOURCE_EVENTS)
        c->source_events[c->source_event_count++] = (source_event){source, NULL, -1};
    pthread_mutex_unlock(&c->lock);
    wayland_clipboard_wake(c);
}

// ---- the clipboard's thread -------------------------------------------------------------------------------------

// wl_data_source.destroy (opcode 1) of the source at `index` of the live ones.
static void destroy_source(gallery_wayland_clipboard *c, size_t index) {
    const gallery_wayland_library *wl = c->library;
    struct wl_proxy *source = c->sources[index];
    wl->marshal_flags(source, 1, NULL, wl->get_version(source), WL_MARSHAL_FLAG_DESTROY);
    c->sources[index] = c->sources[--c->source_count];
}

void wayland_clipboard_destroy_sources(gallery_wayland_clipboard *c) {
    while (c->source_count > 0) destroy_source(c, 0);
    c->source = NULL;
}

static void cancelled(gallery_wayland_clipboard *c, struct wl_proxy *source) {
    // Replaced by another client's selection or by the gallery's next. Destroyed here only, so a live source's address
    // is never a new one's while events name it.
    size_t index = 0;
    while (index < c->source_count && c->sources[index] != source) index++;
    if (index == c->source_count) return;  // not the gallery's (already destroyed)
    destroy_source(c, index);
    if (source != c->source) return;
    c->source = NULL;
    clipboard_offer_free(c->current);
    c->current = NULL;
    set_owned(c, 0);
    wayland_clipboard_end_waiting_pastes(c);  // waiting for a picture no longer offered
}

static size_t take_source_events(gallery_wayland_clipboard *c, source_event taken[MOST_SOURCE_EVENTS]) {
    pthread_mutex_lock(&c->lock);
    size_t count = c->source_event_count;
    memcpy(taken, c->source_events, count * sizeof taken[0]);
    c->source_event_count = 0;
    pthread_mutex_unlock(&c->lock);
    return count;
}

// Carries out the source's events SDL's dispatch handed over, in order: a cancelled source destroyed; a paste asked
// for begun when `begin` (the clipboard running), else its pipe closed and counted refused (the clipboard closing).
static void carry_out_source_events(gallery_wayland_clipboard *c, int begin) {
    source_event taken[MOST_SOURCE_EVENTS];
    size_t count = take_source_events(c, taken);
    for (size_t i = 0; i < count; i++) {
        if (!taken[i].type) {
            cancelled(c, taken[i].source);
            continue;
        }
        if (begin) {
            int known = 0;
            blob *ready = taken[i].source == c->source ? ready_data(c, taken[i].type, &known) : NULL;
            wayland_clipboard_start_paste(c, taken[i].fd, taken[i].type, ready, known);
        } else {
            close(taken[i].fd);
            pthread_mutex_lock(&c->lock);
            c->statistics.refused++;
            pthread_mutex_unlock(&c->lock);
        }
        free(taken[i].type);
    }
}

void wayland_clipboard_take_source_events(gallery_wayland_clipboard *c) { carry_out_source_events(c, 1); }

void wayland_clipboard_drop_source_events(gallery_wayland_clipboard *c) { carry_out_source_events(c, 0); }

static void source_ignored(void *data, struct wl_proxy *source) { (void)data, (void)source; }

static void source_action(void *data, struct wl_proxy *source, uint32_t action) {
    (void)data, (void)source, (void)action;
}

static void (*source_listener[])(void) = {
    (void (*)(void))source_target,  (void (*)(void))source_send,    (void (*)(void))source_cancelled,
    (void (*)(void))source_ignored, (void (*)(void))source_ignored, (void (*)(void))source_action,
};

static void adopt(gallery_wayland_clipboard *c, offer *taken) {
    const gallery_wayland_library *wl = c->library;
    // wl_data_device_manager.create_data_source (opcode 0); wl_data_source.offer (0) for each type;
    // wl_data_device.set_selection (1) with the key press's serial. The source set before is cancelled by it.
    // A compositor that never cancels the sources replaced would fill the places: one replaced goes.
    if (c->source_count == MOST_SOURCES) destroy_source(c, c->sources[0] == c->source ? 1 : 0);
    struct wl_proxy *source =
        wl->marshal_flags(c->manager, 0, wl->source_interface, wl->get_version(c->manager), 0, NULL);
    if (!source) {
        clipboard_offer_free(taken);
        return;
    }
    wl->add_listener(source, source_listener, c);
    for (size_t i = 0; i < taken->count; i++)
        wl->marshal_flags(source, 0, NULL, wl->get_version(source), 0, taken->types[i]);
    pthread_mutex_lock(&c->lock);
    uint32_t serial = c->serial;
    pthread_mutex_unlock(&c->lock);
    wl->marshal_flags(c->device, 1, NULL, wl->get_version(c->device), 0, source, serial);
    clipboard_offer_free(c->current);
    c->current = taken;
    c->source = source;
    c->sources[c->source_count++] = source;
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
        wayland_clipboard_paste_made(c, given->type, made);
        return;
    }
}

void wayland_clipboard_take_handed_over(gallery_wayland_clipboard *c) {
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
