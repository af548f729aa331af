// The Wayland clipboard's source: the gallery's offer as a wl_data_source set as the selection, its types' bytes as
// they are made or withdrawn, and the pastes it is asked for.
#define _GNU_SOURCE
#include "wayland_clipboard_state.h"

#include <stdlib.h>
#include <string.h>

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

static void source_send(void *data, struct wl_proxy *source, const char *type, int32_t fd) {
    gallery_wayland_clipboard *c = data;
    int known = 0;
    blob *ready = source == c->source ? ready_data(c, type, &known) : NULL;
    wayland_clipboard_start_paste(c, fd, type, ready, known);
}

static void source_cancelled(void *data, struct wl_proxy *source) {
    gallery_wayland_clipboard *c = data;
    const gallery_wayland_library *wl = c->library;
    // wl_data_source.destroy (opcode 1): replaced by another client's selection or by the gallery's next.
    wl->marshal_flags(source, 1, NULL, wl->get_version(source), WL_MARSHAL_FLAG_DESTROY);
    if (source != c->source) return;
    c->source = NULL;
    clipboard_offer_free(c->current);
    c->current = NULL;
    set_owned(c, 0);
    wayland_clipboard_end_waiting_pastes(c);  // waiting for a picture no longer offered
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
    const gallery_wayland_library *wl = c->library;
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
