#ifndef GALLERY_X11_HOVER_H
#define GALLERY_X11_HOVER_H

#include <stddef.h>
#include <stdint.h>

// A pointer hovering over an X11 window without a button held wakes nothing: SDL 2.26 asks the server for every
// motion over its window (XInput 2's motion, which stands in for the core one) and for raw motion (XInput 2's, on the
// root window, for its relative mode and global pointer state): over the window each move woke the event loop's
// thread once or twice, for SDL to drop the event. The gallery needs the pointer only while the left button is held
// (a drag). These calls change SDL's own selections, on SDL's own connection, from the main thread. No SDL or Xlib
// type in this header.

/// On SDL's X11 `window` (an SDL_Window *): no raw motion on the root window, no XInput 2 motion on the window, and
/// the window's core motion only while the left button is held (`Button1MotionMask` for `PointerMotionMask`). SDL then
/// learns the pointer's position only from the crossings and a drag's motion: its button and wheel events carry a
/// stale one, so the positions come from the X events themselves (`gallery_x11_pointer_position`). Returns 0, or -1
/// with the reason in `error` (not an X11 window, the server refused).
int gallery_x11_quiet_hover(void *window, char *error, size_t error_size);

/// The pointer's position in its window, from an SDL_SysWMmsg * of an X11 event that carries one (a button pressed
/// or released, a motion, the pointer entering or leaving): returns 1 and sets `x` and `y`, else 0.
int gallery_x11_pointer_position(const void *message, int32_t *x, int32_t *y);

#endif
