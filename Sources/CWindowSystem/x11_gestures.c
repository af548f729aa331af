#define _GNU_SOURCE
#include "x11_gestures.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// libXi's two calls, from SDL's copy (SDL links it on X11): the viewer never links it, so a Wayland start maps none.
static Status (*query_version)(Display *, int *, int *);
static int (*select_events)(Display *, Window, XIEventMask *, int);

static void load_libxi(void) {
    void *handle = dlopen("libXi.so.6", RTLD_NOW | RTLD_NOLOAD);
    if (!handle) return;
    query_version = (Status(*)(Display *, int *, int *))dlsym(handle, "XIQueryVersion");
    select_events = (int (*)(Display *, Window, XIEventMask *, int))dlsym(handle, "XISelectEvents");
    if (!query_version || !select_events) query_version = NULL, select_events = NULL;
}

enum { QUEUE_CAPACITY = 1024 };

struct gallery_x11_gestures {
    Display *display;
    Window window;  // SDL's
    int opcode;     // XInputExtension's major opcode: its events are GenericEvents with this extension

    pthread_t thread;
    int thread_started;
    int stop_pipe[2];
    void (*wake)(void *);
    void *wake_context;

    pthread_mutex_t lock;  // guards the records: the thread adds, the main thread takes
    gallery_x11_gesture_record records[QUEUE_CAPACITY];
    size_t first, count;
    int lost, added;
};

static void add(gallery_x11_gestures *g, gallery_x11_gesture_record record) {
    pthread_mutex_lock(&g->lock);
    if (g->count == QUEUE_CAPACITY) {
        g->first = (g->first + 1) % QUEUE_CAPACITY;
        g->count--;
        g->lost = 1;
    }
    g->records[(g->first + g->count) % QUEUE_CAPACITY] = record;
    g->count++;
    g->added = 1;
    pthread_mutex_unlock(&g->lock);
}

static void handle(gallery_x11_gestures *g, XIGesturePinchEvent *pinch) {
    // Only the pinch is selected; any other XI event has another layout, so its kind is checked before its fields.
    if (pinch->evtype < XI_GesturePinchBegin || pinch->evtype > XI_GesturePinchEnd || pinch->event != g->window) return;
    uint32_t time = (uint32_t)pinch->time;
    switch (pinch->evtype) {
    case XI_GesturePinchBegin:
        add(g, (gallery_x11_gesture_record){GALLERY_X11_PINCH_BEGIN, time, pinch->detail, pinch->event_x,
                                            pinch->event_y, 1});
        break;
    case XI_GesturePinchUpdate:
        add(g, (gallery_x11_gesture_record){GALLERY_X11_PINCH_UPDATE, time, 0, pinch->delta_x, pinch->delta_y,
                                            pinch->scale});
        break;
    case XI_GesturePinchEnd:
        add(g, (gallery_x11_gesture_record){GALLERY_X11_PINCH_END, time,
                                            (pinch->flags & XIGesturePinchEventCancelled) != 0, 0, 0, 0});
        break;
    default:
        break;
    }
}

static void *read_connection(void *argument) {
    pthread_setname_np(pthread_self(), "gallery-x11gest");  // for top and /proc
    gallery_x11_gestures *g = argument;
    for (;;) {
        while (XPending(g->display)) {
            XEvent event;
            XNextEvent(g->display, &event);
            XGenericEventCookie *cookie = &event.xcookie;
            if (cookie->type != GenericEvent || cookie->extension != g->opcode) continue;
            if (!XGetEventData(g->display, cookie)) continue;
            handle(g, cookie->data);
            XFreeEventData(g->display, cookie);
        }
        pthread_mutex_lock(&g->lock);
        int added = g->added;
        g->added = 0;
        pthread_mutex_unlock(&g->lock);
        if (added) g->wake(g->wake_context);
        struct pollfd fds[2] = {{ConnectionNumber(g->display), POLLIN, 0}, {g->stop_pipe[0], POLLIN, 0}};
        int ready = poll(fds, 2, -1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0 || fds[1].revents || (fds[0].revents & (POLLERR | POLLHUP | POLLNVAL))) return NULL;
    }
}

// Errors of the selection below, on this connection alone (Xlib's handler is the process's: others go on to it).
static Display *selecting_display;
static int selection_error;
static int (*previous_handler)(Display *, XErrorEvent *);

static int note_selection_error(Display *display, XErrorEvent *error) {
    if (display == selecting_display) {
        selection_error = error->error_code;
        return 0;
    }
    return previous_handler ? previous_handler(display, error) : 0;
}

gallery_x11_gestures *gallery_x11_gestures_open(void *window, char *error, size_t error_size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) {
        snprintf(error, error_size, "the window is not on X11");
        return NULL;
    }
    static pthread_once_t loaded = PTHREAD_ONCE_INIT;
    pthread_once(&loaded, load_libxi);
    if (!query_version) {
        snprintf(error, error_size, "libXi is not loaded");
        return NULL;
    }
    gallery_x11_gestures *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&g->lock, NULL);
    g->stop_pipe[0] = g->stop_pipe[1] = -1;
    g->window = info.info.x11.window;
    int event_base, error_base, major = 2, minor = 4;
    if (pipe2(g->stop_pipe, O_CLOEXEC) != 0 || !(g->display = XOpenDisplay(DisplayString(info.info.x11.display)))) {
        snprintf(error, error_size, "cannot open a connection to the display");
        gallery_x11_gestures_close(g);
        return NULL;
    }
    // The client says it speaks 2.4, and the server answers with what it speaks (gesture events came with 2.4).
    if (!XQueryExtension(g->display, "XInputExtension", &g->opcode, &event_base, &error_base) ||
        query_version(g->display, &major, &minor) != Success || major < 2 || (major == 2 && minor < 4)) {
        snprintf(error, error_size, "the X server has no XInput 2.4 (gestures)");
        gallery_x11_gestures_close(g);
        return NULL;
    }
    unsigned char bits[XIMaskLen(XI_GesturePinchEnd)] = {0};
    XISetMask(bits, XI_GesturePinchBegin);
    XISetMask(bits, XI_GesturePinchUpdate);
    XISetMask(bits, XI_GesturePinchEnd);
    XIEventMask mask = {XIAllMasterDevices, sizeof bits, bits};
    selecting_display = g->display;
    selection_error = 0;
    previous_handler = XSetErrorHandler(note_selection_error);
    select_events(g->display, g->window, &mask, 1);
    XSync(g->display, False);
    XSetErrorHandler(previous_handler);
    selecting_display = NULL;
    if (selection_error) {
        snprintf(error, error_size, "the server refused the gesture selection (X error %d)", selection_error);
        gallery_x11_gestures_close(g);
        return NULL;
    }
    return g;
}

int gallery_x11_gestures_start(gallery_x11_gestures *g, void (*wake)(void *), void *context) {
    g->wake = wake;
    g->wake_context = context;
    if (pthread_create(&g->thread, NULL, read_connection, g) != 0) return -1;
    g->thread_started = 1;
    return 0;
}

size_t gallery_x11_gestures_take(gallery_x11_gestures *g, gallery_x11_gesture_record *records, size_t capacity,
                                 int *lost) {
    pthread_mutex_lock(&g->lock);
    size_t taken = g->count < capacity ? g->count : capacity;
    for (size_t i = 0; i < taken; i++) records[i] = g->records[(g->first + i) % QUEUE_CAPACITY];
    g->first = (g->first + taken) % QUEUE_CAPACITY;
    g->count -= taken;
    *lost = g->lost;
    g->lost = 0;
    pthread_mutex_unlock(&g->lock);
    return taken;
}

void gallery_x11_gestures_close(gallery_x11_gestures *g) {
    if (!g) return;
    if (g->thread_started) {
        ssize_t written;
        do written = write(g->stop_pipe[1], "", 1);
        while (written < 0 && errno == EINTR);
        pthread_join(g->thread, NULL);
    }
    if (g->display) XCloseDisplay(g->display);
    if (g->stop_pipe[0] >= 0) close(g->stop_pipe[0]);
    if (g->stop_pipe[1] >= 0) close(g->stop_pipe[1]);
    pthread_mutex_destroy(&g->lock);
    free(g);
}
