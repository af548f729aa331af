import CSDL2
import GalleryCore
import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SDL and SDL_ttf initialised for the life of this object; create one per process, on the main thread.
///
/// Deinitialising shuts all three libraries down, so every window, renderer, texture, font and decode worker must be
/// gone first. Surfaces may outlive it only if nobody touches them afterwards.
public final class SDLSession {
    /// The SDL event type a `DecodeWorker` pushes to wake the main loop when a decode finishes.
    public var wakeEventType: UInt32 { Self.wakeEventType }

    /// The wake-up event type, registered once; `SDL_RegisterEvents` only counts, so it may run before `SDL_Init`,
    /// for decode workers started while SDL starts. `UInt32.max` if SDL had no event type left.
    public static let wakeEventType: UInt32 = SDL_RegisterEvents(1)

    /// Starts SDL with the event queue, plus video when `video` is true, then SDL_ttf (SDL_image is the decoder process's).
    ///
    /// Without video nothing needs a display: the software renderer draws into surfaces (headless mode).
    /// Audio is never initialised (the gallery is silent), and with video a driver that cannot possibly connect
    /// is left out (`VideoDriverChoice`), so its noise does not bury the gallery's own messages.
    /// `useSoftwareFramebuffer` keeps SDL from building the software renderer's window framebuffer through OpenGL
    /// (measured under X11: +60 MB RSS and a 2× slower first paint); the `SDL_FRAMEBUFFER_ACCELERATION` environment
    /// variable still wins if the user set it. JPEG and PNG support are required; TIFF and WebP are used if present.
    public init(video: Bool, useSoftwareFramebuffer: Bool = false) throws(SDLError) {
        try SDLLibraries.require()
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        if useSoftwareFramebuffer {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        if video,
            let drivers = VideoDriverChoice.hint(
                availableDrivers: Self.availableVideoDrivers(), environment: ProcessInfo.processInfo.environment)
        {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers)
        }
        if video { Self.setOwnEnvironment() }
        let subsystems = video ? SDL_INIT_VIDEO | SDL_INIT_EVENTS : SDL_INIT_EVENTS
        try SDLError.check(SDL_Init(subsystems), "SDL_Init")
        // SDL 2.26's Wayland driver has no framebuffer of its own: the software renderer's frames reach the window
        // only through a GL texture, which the hint above forbids.
        if useSoftwareFramebuffer, video, SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "wayland" {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "1")
        }

        guard TTF_Init() == 0 else {
            let error = SDLError(failedCall: "TTF_Init")
            SDL_Quit()
            throw error
        }
        guard Self.wakeEventType != UInt32.max else {
            TTF_Quit()
            SDL_Quit()
            throw SDLError(call: "SDL_RegisterEvents", message: "no user event type left")
        }
        started = true
    }

    /// Sets what SDL's video start reads from the environment for the gallery alone (`avoidDBusAutolaunch`,
    /// `skipComposeTable`). Call it before starting threads (`setenv`).
    public static func setOwnEnvironment() {
        avoidDBusAutolaunch()
        skipComposeTable()
    }

    /// Without a session bus, SDL's D-Bus setup (screensaver, input methods) makes libdbus fork and exec
    /// `dbus-launch --autolaunch` (under Xvfb, in CI, over ssh: ~10 ms of start measured); the address "disabled:"
    /// fails at once instead. Changes nothing where a bus is set. Call it before starting threads (`setenv`); what the
    /// gallery starts gets the session's environment (`OwnEnvironment`).
    public static func avoidDBusAutolaunch() {
        OwnEnvironment.setUnlessSet("DBUS_SESSION_BUS_ADDRESS", to: "disabled:")
    }

    /// SDL's X11 keyboard opens an input method, and libX11 then parses the locale's whole Compose table
    /// (`en_US.UTF-8/Compose`, thousands of lines) on the thread that opens the window: 15 ms of CPU of SDL_Init's 21
    /// measured (`SDL_Init(SDL_INIT_VIDEO)` alone, 8 runs each). The gallery types nothing: its text events name
    /// single keys ("?", "+", "<"), none of them a dead key or a compose sequence, so an empty table loses nothing.
    /// A session's own `XCOMPOSEFILE` is kept; what the gallery starts gets the session's environment. Call it before
    /// starting threads. Not where SDL may use Wayland: its keyboard's xkbcommon cannot read /dev/null (it maps the
    /// file) and says "ERROR: Couldn't read Compose file /dev/null" on standard error at every keymap it gets.
    public static func skipComposeTable() {
        guard !VideoDriverChoice.mayUseWayland(environment: ProcessInfo.processInfo.environment) else { return }
        OwnEnvironment.setUnlessSet("XCOMPOSEFILE", to: "/dev/null")
    }

    /// The video drivers compiled into the SDL library, in the order SDL tries them (callable before `SDL_Init`).
    private static func availableVideoDrivers() -> [String] {
        (0..<max(SDL_GetNumVideoDrivers(), 0)).compactMap { index in
            SDL_GetVideoDriver(index).map { String(cString: $0) }
        }
    }

    /// Set once SDL and SDL_ttf are up: an init that throws runs `deinit` too, which must then quit nothing (SDL may
    /// not even be loaded).
    private var started = false

    deinit {
        guard started else { return }
        TTF_Quit()
        SDL_Quit()
    }
}
