#define _GNU_SOURCE
#include "clipboard_handover.h"

#include <stdlib.h>
#include <string.h>

clipboard_blob *clipboard_blob_copy(const uint8_t *bytes, size_t size) {
    if (size > SIZE_MAX - sizeof(clipboard_blob)) return NULL;
    clipboard_blob *made = malloc(sizeof(clipboard_blob) + size);
    if (!made) return NULL;
    made->references = 1;
    made->size = size;
    if (size) memcpy(made->bytes, bytes, size);
    return made;
}

void clipboard_blob_release(clipboard_blob *data) {
    if (data && --data->references == 0) free(data);
}

void clipboard_offer_free(clipboard_offer *gone) {
    if (!gone) return;
    for (size_t i = 0; i < gone->count; i++) {
        free(gone->types[i]);
        clipboard_blob_release(gone->data[i]);
    }
    free(gone);
}

uint64_t clipboard_handover_offer(clipboard_handover *handover, pthread_mutex_t *lock, const char *const *types,
                                  const uint8_t *const *data, const size_t *sizes, size_t count) {
    if (count == 0 || count > CLIPBOARD_MOST_TYPES) return 0;
    clipboard_offer *made = calloc(1, sizeof *made);
    if (!made) return 0;
    for (size_t i = 0; i < count; i++) {
        made->types[i] = strdup(types[i]);
        made->count = i + 1;
        if (!made->types[i] || (data[i] && !(made->data[i] = clipboard_blob_copy(data[i], sizes[i])))) {
            clipboard_offer_free(made);
            return 0;
        }
    }
    pthread_mutex_lock(lock);
    made->number = ++handover->last_offer;
    clipboard_offer_free(handover->incoming);  // an offer the thread had not taken yet is replaced unseen
    handover->incoming = made;
    uint64_t number = made->number;
    pthread_mutex_unlock(lock);
    return number;
}

int clipboard_handover_provide(clipboard_handover *handover, pthread_mutex_t *lock, uint64_t offer, const char *type,
                               const uint8_t *data, size_t size) {
    char *name = strdup(type);
    clipboard_blob *copied = data ? clipboard_blob_copy(data, size) : NULL;
    pthread_mutex_lock(lock);
    if (!name || offer != handover->last_offer || handover->handed_count == CLIPBOARD_MOST_PROVIDED) {
        pthread_mutex_unlock(lock);
        free(name);
        clipboard_blob_release(copied);  // the thread never saw it: freed here
        return 0;
    }
    handover->handed[handover->handed_count++] = (clipboard_provided){offer, name, copied};
    pthread_mutex_unlock(lock);
    return 1;
}

size_t clipboard_handover_take(clipboard_handover *handover, pthread_mutex_t *lock, clipboard_offer **incoming,
                               clipboard_provided handed[CLIPBOARD_MOST_PROVIDED]) {
    pthread_mutex_lock(lock);
    *incoming = handover->incoming;
    handover->incoming = NULL;
    size_t count = handover->handed_count;
    memcpy(handed, handover->handed, count * sizeof handed[0]);
    handover->handed_count = 0;
    pthread_mutex_unlock(lock);
    return count;
}

void clipboard_handover_free(clipboard_handover *handover) {
    clipboard_offer_free(handover->incoming);
    handover->incoming = NULL;
    for (size_t i = 0; i < handover->handed_count; i++) {
        free(handover->handed[i].type);
        clipboard_blob_release(handover->handed[i].data);
    }
    handover->handed_count = 0;
}
