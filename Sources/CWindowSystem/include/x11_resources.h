#ifndef GALLERY_X11_RESOURCES_H
#define GALLERY_X11_RESOURCES_H

/// The X resource manager string (`xrdb -query`'s text) of the display the SDL window `sdl_window` (an `SDL_Window *`)
/// is on, read from SDL's own X connection: Xlib keeps it from the connection's start, so this makes no request and
/// opens no connection. NULL when the window is not an X11 one or no resources are set. No SDL or Xlib type in this
/// header: Swift sees SDL through one module only.
const char *gallery_x11_resource_manager_string(void *sdl_window);

#endif
