import CSDL2
import GalleryCore
import GalleryScene
import Logging

/// Takes the window's input to the gallery: SDL's events through `WindowInput`, and the touchpad's fingers read
/// natively (the Wayland seat's pointer, X11's pinch). Asleep in SDL's wait whenever the gallery has nothing to do.
@MainActor
struct EventPump {
    /// The window the input is for.
    let window: Window
    /// The windowed run's one clock, which SDL's event timestamps map onto.
    let clock = PerformanceClock()
    /// SDL's events turned into the gallery's input, and what the loop is to do about the rest (quit, drops, resizes).
    var input: WindowInput
    /// The gallery's own reading of the Wayland seat's pointer: 1:1 scrolling, the lift, hold and pinch.
    private var waylandPointer: WaylandPointer?
    /// The touchpad's pinch read from the X server (XInput 2.4); its scrolling stays SDL's.
    private var x11Gestures: X11Gestures?
    /// Where a failed wait is logged.
    private let logger: Logger

    /// A pump for `window`, whose native readers wake the loop with `wakeEventType`; keys mean what `keyBindings` say.
    init(window: Window, keyBindings: KeyBindings, wakeEventType: UInt32, logger: Logger) {
        self.window = window
        self.logger = logger
        input = WindowInput(window: window, keyBindings: keyBindings)
        // On Wayland the touchpad's fingers are read natively: 1:1 scrolling, the lift, hold and pinch.
        waylandPointer = WindowRun.waylandPointer(window: window, wakeEventType: wakeEventType, logger: logger)
        input.scrollsNatively = waylandPointer != nil
        // On X11 the touchpad's pinch is read natively (XInput 2.4); its scrolling stays SDL's.
        x11Gestures = WindowRun.x11Gestures(window: window, wakeEventType: wakeEventType, logger: logger)
        // On X11 a pointer hovering without a button wakes nothing (SDL asked for every motion over the window).
        if WindowRun.videoDriver == "x11" {
            var error = ""
            if !X11QuietHover.quiet(window, error: &error) { logger.debug("hover: SDL's motion kept: \(error)") }
        }
    }

    /// Hands `gallery` the input that came: first, when `waits`, sleeping until some comes (input, a finished decode
    /// or feed answer: their threads push a wake event), or until `gallery`'s next wake time (the simulated feed's
    /// due time). 0 % CPU while it sleeps. False when SDL's wait failed (logged): the window can take no more input.
    mutating func take(for gallery: GalleryController, waiting waits: Bool) -> Bool {
        var event = SDL_Event()
        if waits {
            if let due = gallery.nextWakeTime {
                if SDL_WaitEventTimeout(&event, Self.milliseconds(until: due, from: clock.now())) != 0 {
                    input.handle(event, gallery: gallery, clock: clock)
                }
            } else {
                guard SDL_WaitEvent(&event) != 0 else {
                    logger.error("SDL_WaitEvent: \(String(cString: SDL_GetError()))")
                    return false
                }
                input.handle(event, gallery: gallery, clock: clock)
            }
        }
        while SDL_PollEvent(&event) != 0 {
            input.handle(event, gallery: gallery, clock: clock)
        }
        let native =
            (waylandPointer?.take(window: window, clock: clock) ?? [])
            + (x11Gestures?.take(window: window, clock: clock) ?? [])
        for each in native { gallery.apply(each.input, at: each.time) }
        return true
    }

    /// Hands `gallery` SDL's input as it comes until `due` on the clock (or the window is closed), without drawing:
    /// what comes is drawn in the next frame.
    mutating func take(for gallery: GalleryController, until due: Double) {
        var event = SDL_Event()
        while !input.quit, due > clock.now(),
            SDL_WaitEventTimeout(&event, Self.milliseconds(until: due, from: clock.now())) != 0
        {
            input.handle(event, gallery: gallery, clock: clock)
        }
    }

    /// Stops the native readers.
    mutating func close() {
        x11Gestures?.close()
        waylandPointer?.close()
    }

    /// Whole milliseconds from `now` until `due`, rounded up (a wait that ends early would wake for nothing); 0 for a
    /// time already past, never negative (SDL waits for ever on a negative timeout)
    /// and at most `Int32.max`.
    static func milliseconds(until due: Double, from now: Double) -> Int32 {
        let milliseconds = ((due - now) * 1000).rounded(.up)
        guard milliseconds > 0 else { return 0 }  // NaN too
        return milliseconds < Double(Int32.max) ? Int32(milliseconds) : Int32.max
    }
}
