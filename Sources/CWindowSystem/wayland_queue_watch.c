// The watched queues of SDL's Wayland connection and its one reader (wayland_queue_watch.h).
#define _GNU_SOURCE
#include "wayland_queue_watch.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <unistd.h>

enum { MOST_WATCHES = 4 };

typedef struct watch {
    struct wl_display *display;
    struct wl_event_queue *queue;
    int wake_fd;
} watch;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;  // guards everything below
static watch watches[MOST_WATCHES];
static struct wl_display *reader_display;  // the display a reader reads now, NULL for none

static void wake(int fd) {
    ssize_t written;
    do written = write(fd, "", 1);
    while (written < 0 && errno == EINTR);  // a full pipe already wakes its thread
}

int wayland_watch_add(struct wl_display *display, struct wl_event_queue *queue, int wake_fd) {
    pthread_mutex_lock(&lock);
    int added = -1;
    for (size_t i = 0; i < MOST_WATCHES && added != 0; i++) {
        if (watches[i].queue) continue;
        watches[i] = (watch){display, queue, wake_fd};
        added = 0;
    }
    pthread_mutex_unlock(&lock);
    return added;
}

void wayland_watch_remove(struct wl_event_queue *queue) {
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < MOST_WATCHES; i++)
        if (watches[i].queue == queue) watches[i] = (watch){NULL, NULL, -1};
    pthread_mutex_unlock(&lock);
}

int wayland_watch_has_reader(struct wl_display *display) {
    pthread_mutex_lock(&lock);
    int has = reader_display != NULL && reader_display == display;
    pthread_mutex_unlock(&lock);
    return has;
}

void wayland_watch_set_reader(struct wl_display *display, int reading) {
    pthread_mutex_lock(&lock);
    reader_display = reading ? display : NULL;
    for (size_t i = 0; i < MOST_WATCHES; i++)
        if (watches[i].queue && watches[i].display == display) wake(watches[i].wake_fd);
    pthread_mutex_unlock(&lock);
}

void wayland_watch_notify(const gallery_wayland_library *wl, struct wl_display *display) {
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < MOST_WATCHES; i++) {
        if (!watches[i].queue || watches[i].display != display) continue;
        // prepare_read_queue refuses (-1) exactly when the queue holds events; else it counts one more reader, taken
        // back at once (the caller's own preparation keeps the count above zero, so the cancel wakes no one).
        if (wl->prepare_read_queue(display, watches[i].queue) != 0)
            wake(watches[i].wake_fd);
        else
            wl->cancel_read(display);
    }
    pthread_mutex_unlock(&lock);
}
