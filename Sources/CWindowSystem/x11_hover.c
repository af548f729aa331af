#define _GNU_SOURCE
#include "x11_hover.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libXi's two calls, from SDL's copy (SDL links it on X11): the viewer never links it.
static int (*select_events)(Display *, Window, XIEventMask *, int);
static XIEventMask *(*selected_events)(Display *, Window, int *);

static void load_libxi(void) {
    void *handle = dlopen("libXi.so.6", RTLD_NOW | RTLD_NOLOAD);
    if (!handle) return;
    select_events = (int (*)(Display *, Window, XIEventMask *, int))dlsym(handle, "XISelectEvents");
    selected_events = (XIEventMask * (*)(Display *, Window, int *)) dlsym(handle, "XIGetSelectedEvents");
    if (!select_events || !selected_events) select_events = NULL, selected_events = NULL;
}

// Clears `event` from every XInput 2 selection SDL's connection holds on `window`, keeping the rest as they are.
static void deselect(Display *display, Window window, int event) {
    int count = 0;
    XIEventMask *masks = selected_events(display, window, &count);
    if (!masks) return;
    int changed = 0;
    for (int i = 0; i < count; i++) {
        if (masks[i].mask_len > event / 8 && XIMaskIsSet(masks[i].mask, event)) {
            XIClearMask(masks[i].mask, event);
            changed = 1;
        }
    }
    if (changed) select_events(display, window, masks, count);
    XFree(masks);
}

int gallery_x11_quiet_hover(void *window, char *error, size_t error_size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) {
        snprintf(error, error_size, "the window is not on X11");
        return -1;
    }
    Display *display = info.info.x11.display;
    Window xwindow = info.info.x11.window;
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, xwindow, &attributes)) {
        snprintf(error, error_size, "cannot read the window's attributes");
        return -1;
    }
    // Motion reaches this connection only while the left button is held.
    if (attributes.your_event_mask & PointerMotionMask) {
        XSelectInput(display, xwindow, (attributes.your_event_mask & ~PointerMotionMask) | Button1MotionMask);
    }
    static pthread_once_t loaded = PTHREAD_ONCE_INIT;
    pthread_once(&loaded, load_libxi);
    int opcode, event_base, error_base;
    // Without XInput 2 on the server SDL selected none of its events.
    if (select_events && XQueryExtension(display, "XInputExtension", &opcode, &event_base, &error_base)) {
        // XInput 2's motion on the window stands in for the core one: gone, the core selection above decides.
        deselect(display, xwindow, XI_Motion);
        // Raw motion, selected on the root window: SDL reads it only in its relative mode, which the gallery never
        // asks for, and to know that its cached global pointer state is stale (the gallery never asks for that).
        deselect(display, DefaultRootWindow(display), XI_RawMotion);
    }
    XFlush(display);
    return 0;
}

int gallery_x11_pointer_position(const void *message, int32_t *x, int32_t *y) {
    const SDL_SysWMmsg *wm = message;
    if (!wm || wm->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *event = &wm->msg.x11.event;
    switch (event->type) {
    case ButtonPress:
    case ButtonRelease:
        *x = event->xbutton.x, *y = event->xbutton.y;
        return 1;
    case MotionNotify:
        *x = event->xmotion.x, *y = event->xmotion.y;
        return 1;
    case EnterNotify:
    case LeaveNotify:
        *x = event->xcrossing.x, *y = event->xcrossing.y;
        return 1;
    default:
        return 0;
    }
}
