// The X11 clipboard's offer as the selection's owner: the requests it answers (TARGETS, TIMESTAMP, a target's bytes,
// or waiting until they are made) and the offers and bytes the other threads hand over.
#define _GNU_SOURCE
#include "x11_clipboard_state.h"

#include <X11/Xatom.h>
#include <stdlib.h>
#include <string.h>

static void notify(gallery_x11_clipboard *c, const waiting *request, Atom property) {
    XSelectionEvent event = {.type = SelectionNotify, .display = c->display, .requestor = request->requestor,
                             .selection = request->selection, .target = request->target, .property = property,
                             .time = request->time};
    XSendEvent(c->display, request->requestor, False, NoEventMask, (XEvent *)&event);
    x11_clipboard_count(c, property == None ? &c->statistics.refused : &c->statistics.answered, 1);
}

// Answers one request, or keeps it until its target is made; `request->property` is None for an obsolete client.
void x11_clipboard_answer(gallery_x11_clipboard *c, const waiting *request) {
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
        notify(c, request, x11_clipboard_send(c, request, property, c->current->data[i]) == 0 ? property : None);
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
    for (size_t i = 0; i < ready_count; i++) x11_clipboard_answer(c, &ready[i]);
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

void x11_clipboard_drop_offer(gallery_x11_clipboard *c) {
    c->owning = 0;
    clipboard_offer_free(c->current);
    c->current = NULL;
    answer_waiting(c, None);  // refused: nothing is owned now
}

static void adopt(gallery_x11_clipboard *c, offer *taken) {
    x11_clipboard_drop_offer(c);
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

void x11_clipboard_take_handed_over(gallery_x11_clipboard *c) {
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
