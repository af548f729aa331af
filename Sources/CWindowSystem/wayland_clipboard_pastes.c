// The Wayland clipboard's pastes: the bytes of a type written into each reader's pipe, a piece whenever it has room.
#define _GNU_SOURCE
#include "wayland_clipboard_state.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void count(gallery_wayland_clipboard *c, uint64_t *field) {
    pthread_mutex_lock(&c->lock);
    (*field)++;
    pthread_mutex_unlock(&c->lock);
}

static void end_paste(gallery_wayland_clipboard *c, size_t index, int written) {
    paste *p = &c->pastes[index];
    close(p->fd);
    free(p->type);
    clipboard_blob_release(p->data);
    count(c, written ? &c->statistics.answered : &c->statistics.refused);
    c->pastes[index] = c->pastes[--c->paste_count];
}

void wayland_clipboard_start_paste(gallery_wayland_clipboard *c, int32_t fd, const char *type, blob *ready,
                                   int known) {
    char *copied = strdup(type);
    if (!known || c->paste_count == MOST_WRITES || !copied || fcntl(fd, F_SETFL, O_NONBLOCK) != 0) {
        free(copied);
        close(fd);
        count(c, &c->statistics.refused);
        return;
    }
    if (ready) ready->references++;
    c->pastes[c->paste_count++] = (paste){fd, copied, ready, 0, time(NULL)};  // without data: written once it is made
}

void wayland_clipboard_paste_made(gallery_wayland_clipboard *c, const char *type, blob *made) {
    for (size_t j = c->paste_count; j-- > 0;) {
        if (c->pastes[j].data || strcmp(c->pastes[j].type, type) != 0) continue;
        if (!made) {
            end_paste(c, j, 0);
            continue;
        }
        c->pastes[j].data = made;
        c->pastes[j].active = time(NULL);
        made->references++;
    }
}

void wayland_clipboard_end_waiting_pastes(gallery_wayland_clipboard *c) {
    for (size_t i = c->paste_count; i-- > 0;)
        if (!c->pastes[i].data) end_paste(c, i, 0);
}

// Writes what each paste's pipe takes now (non-blocking: a full pipe waits for the next turn, when poll says it has
// room); a paste written whole, or whose reader went, ends.
void wayland_clipboard_write_pastes(gallery_wayland_clipboard *c) {
    for (size_t i = c->paste_count; i-- > 0;) {
        paste *p = &c->pastes[i];
        if (!p->data) continue;
        int failed = 0;
        while (p->offset < p->data->size) {
            size_t left = p->data->size - p->offset;
            ssize_t written = write(p->fd, p->data->bytes + p->offset, left < WRITE_PIECE ? left : WRITE_PIECE);
            if (written > 0) {
                p->offset += (size_t)written;
                p->active = time(NULL);
            } else if (!(written < 0 && errno == EINTR)) {
                failed = !(written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));  // EPIPE: the reader went
                break;
            }
        }
        if (failed || p->offset == p->data->size) end_paste(c, i, !failed);
    }
}

void wayland_clipboard_end_idle_pastes(gallery_wayland_clipboard *c, time_t now) {
    for (size_t i = c->paste_count; i-- > 0;)
        if (now - c->pastes[i].active > PASTE_IDLE_SECONDS) end_paste(c, i, 0);
}

void wayland_clipboard_end_pastes(gallery_wayland_clipboard *c) {
    while (c->paste_count) end_paste(c, c->paste_count - 1, 0);
}
