#ifndef GALLERY_WAYLAND_QUEUE_WATCH_H
#define GALLERY_WAYLAND_QUEUE_WATCH_H

// One reader of SDL's Wayland connection for the gallery's event queues (not in include/: Swift never sees it). Every
// thread that polls the connection wakes for every event the compositor sends, a hovering pointer's motion too: with
// the pointer's thread, the clipboard's and SDL's all polling, each move woke three threads. So the pointer's thread
// reads for the others: a watched queue's thread is woken (a byte on its wake descriptor) when its queue holds events,
// and dispatches them without polling the connection; with no reader running, it polls the connection itself.

#include "wayland_library.h"

#include <wayland-client-core.h>

/// Watches `queue` of `display`: `wake_fd` gets a byte whenever a reader finds events in it (and when a reader starts
/// or stops). 0, or -1 when every place is taken.
int wayland_watch_add(struct wl_display *display, struct wl_event_queue *queue, int wake_fd);

/// Stops watching `queue`; before it is destroyed (the reader never touches it after this returns).
void wayland_watch_remove(struct wl_event_queue *queue);

/// Whether a reader reads `display` for the watched queues now.
int wayland_watch_has_reader(struct wl_display *display);

/// The reader of `display` starts (1) or stops (0); every watcher of it is woken, to stop or start polling itself.
void wayland_watch_set_reader(struct wl_display *display, int reading);

/// Wakes the watchers whose queue holds events; called by the reader while it is prepared to read (libwayland reads
/// nothing into any queue until it reads or cancels), after every read of anyone's.
void wayland_watch_notify(const gallery_wayland_library *wl, struct wl_display *display);

#endif
