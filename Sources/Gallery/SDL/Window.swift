import CSDL2
import Imaging

/// An owned `SDL_Window`, centred on screen when created. On the main actor: SDL's video calls belong to the thread
/// that started SDL.
@MainActor
public final class Window {
    /// The wrapped window; owned by this object.
    let handle: OpaquePointer

    /// Opens a window of `width` × `height` screen coordinates, centred.
    ///
    /// `highDPI` asks for a full-resolution drawable on high-density displays (see `drawableSize`);
    /// `hidden` creates it without showing it (tests, or showing only after the first frame is drawn); `fullscreen`
    /// makes it fill the screen from the start (desktop fullscreen, as `toggleFullscreen`).
    public init(
        title: String, width: Int, height: Int, resizable: Bool = true, highDPI: Bool = true,
        hidden: Bool = false, fullscreen: Bool = false
    ) throws(SDLError) {
        var flags: UInt32 = 0
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if highDPI { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
        if hidden { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let centred = Int32(gallery_SDL_WINDOWPOS_CENTERED())
        handle = try SDLError.nonNull(
            SDL_CreateWindow(title, centred, centred, Int32(clamping: width), Int32(clamping: height), flags),
            "SDL_CreateWindow")
    }

    // Isolated: the object is destroyed on the main actor even when the last reference goes on another thread.
    isolated deinit {
        SDL_DestroyWindow(handle)
    }

    /// The title bar text.
    public var title: String {
        get { String(cString: SDL_GetWindowTitle(handle)) }
        set { SDL_SetWindowTitle(handle, newValue) }
    }

    /// Size in screen coordinates (what mouse events use).
    public var size: PixelSize {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(handle, &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Size in pixels of the drawable area; larger than `size` on a high-density display.
    public var drawableSize: PixelSize {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSizeInPixels(handle, &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// SDL's id for this window, as found in window events.
    public var id: UInt32 { SDL_GetWindowID(handle) }

    /// Whether the window is shown (not created hidden or hidden since).
    public var isShown: Bool { SDL_GetWindowFlags(handle) & SDL_WINDOW_SHOWN.rawValue != 0 }

    /// Whether the window fills the screen (desktop fullscreen).
    public var isFullscreen: Bool {
        let desktop = SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        return SDL_GetWindowFlags(handle) & desktop == desktop
    }

    /// Switches between the window and the whole screen (desktop fullscreen: no mode change).
    public func toggleFullscreen() throws(SDLError) {
        let desktop = SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        try SDLError.check(SDL_SetWindowFullscreen(handle, isFullscreen ? 0 : desktop), "SDL_SetWindowFullscreen")
    }

    /// Shows the window.
    public func show() {
        SDL_ShowWindow(handle)
    }
}
