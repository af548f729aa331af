#ifndef GALLERY_CLIPBOARD_HANDOVER_H
#define GALLERY_CLIPBOARD_HANDOVER_H

// What the X11 and Wayland clipboards (x11_clipboard*.c, wayland_clipboard*.c) share (not in include/: Swift never
// sees it): the offer their serving thread serves, as other threads hand it over under the clipboard's lock, and the
// counted bytes an offer and the transfers still sending them share.

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

enum { CLIPBOARD_MOST_TYPES = 16, CLIPBOARD_MOST_PROVIDED = 4 };

/// Bytes an offer and its transfers share; counted and freed by the serving thread alone once handed over.
typedef struct clipboard_blob {
    int references;
    size_t size;
    uint8_t bytes[];
} clipboard_blob;

/// A copy of `size` bytes with one reference, or NULL (no memory).
clipboard_blob *clipboard_blob_copy(const uint8_t *bytes, size_t size);

/// Drops one reference (NULL: nothing).
void clipboard_blob_release(clipboard_blob *data);

/// An offer: its number and its types (atoms' or MIME types' names), each with its bytes (NULL: still being made).
typedef struct clipboard_offer {
    uint64_t number;
    size_t count;
    char *types[CLIPBOARD_MOST_TYPES];
    clipboard_blob *data[CLIPBOARD_MOST_TYPES];
} clipboard_offer;

/// Frees `gone` and drops its bytes (NULL: nothing).
void clipboard_offer_free(clipboard_offer *gone);

/// The bytes of a type still being made, for offer `offer`; NULL data: it cannot be had.
typedef struct clipboard_provided {
    uint64_t offer;
    char *type;
    clipboard_blob *data;
} clipboard_provided;

/// What the other threads handed over and the serving thread has not taken yet; guarded by the clipboard's lock.
typedef struct clipboard_handover {
    uint64_t last_offer;
    clipboard_offer *incoming;
    clipboard_provided handed[CLIPBOARD_MOST_PROVIDED];
    size_t handed_count;
} clipboard_handover;

/// Hands over a new offer (copied) replacing any not taken yet; its number, or 0 (too many types, no memory).
uint64_t clipboard_handover_offer(clipboard_handover *handover, pthread_mutex_t *lock, const char *const *types,
                                  const uint8_t *const *data, const size_t *sizes, size_t count);

/// Hands over the bytes (copied; NULL: it cannot be had) of `type` of offer `offer`; 1 when handed over, 0 when that
/// offer was replaced since (dropped).
int clipboard_handover_provide(clipboard_handover *handover, pthread_mutex_t *lock, uint64_t offer, const char *type,
                               const uint8_t *data, size_t size);

/// Takes what was handed over: the new offer (or NULL) into `incoming`, the bytes provided into `handed`; how many.
size_t clipboard_handover_take(clipboard_handover *handover, pthread_mutex_t *lock, clipboard_offer **incoming,
                               clipboard_provided handed[CLIPBOARD_MOST_PROVIDED]);

/// Frees what was never taken.
void clipboard_handover_free(clipboard_handover *handover);

#endif
