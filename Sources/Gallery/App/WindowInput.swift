import CSDL2
import GalleryCore
import GalleryScene
import PagerEngine

/// Maps SDL events to gallery input: left-button drags, keys, wheel notches, resizes.
@MainActor
struct WindowInput {
    let window: Window
    /// Whether the left button is held: only then does pointer motion mean anything (a drag), so only then does SDL
    /// queue it. A pointer hovering over the window wakes nothing (it cost 3.7–4.3 % CPU, each motion event running
    /// the loop's frame step for nothing).
    private var leftButtonDown = false {
        didSet { Self.queueMotion(leftButtonDown) }
    }
    /// A failed resize, for the loop to report.
    var resizeError: (any Error)?
    /// Whether the window was closed.
    private(set) var quit = false
    /// Files and folders dropped onto the window since the loop last took them.
    var droppedPaths: [String] = []
    /// Whether the display's ICC profile may have changed (SDL said so, or the window moved to another display).
    var displayMayHaveChanged = false
    /// Pairs each key-down with the text event it types.
    private var keys = KeyTextPairing()
    /// Whether scrolling comes from the gallery's own Wayland pointer (`WaylandPointer`): SDL's wheel events, which
    /// lose the fingers' lift, are then ignored.
    var scrollsNatively = false
    /// Where the last X event that carried one put the pointer, in window coordinates (`X11QuietHover`: SDL's own
    /// position is stale after a hover); nil until then, and on any other window system.
    private var x11Pointer: (x: Int32, y: Int32)?

    init(window: Window, keyBindings: KeyBindings = .standard) {
        self.window = window
        keys = KeyTextPairing(bindings: keyBindings)
        Self.queueMotion(false)
    }

    /// Whether SDL queues pointer motion events (SDL drops them unqueued otherwise; its pointer state stays current).
    static func queueMotion(_ queued: Bool) {
        _ = SDL_EventState(SDL_MOUSEMOTION.rawValue, queued ? SDL_ENABLE : SDL_DISABLE)
    }

    /// Whether SDL queues pointer motion events now.
    static var queuesMotion: Bool { SDL_EventState(SDL_MOUSEMOTION.rawValue, SDL_QUERY) == SDL_ENABLE }

    /// The pointer's position for a button or wheel event at (`x`, `y`) by SDL's account, in renderer pixels: the X
    /// event's own when one came just before it (`x11Pointer`).
    private func pointer(x: Int32, y: Int32) -> (Double, Double) {
        let (x, y) = x11Pointer ?? (x, y)
        return pixels(x: x, y: y)
    }

    /// Window coordinates to renderer pixels (HiDPI: the drawable can be larger than the window).
    private func pixels(x: Int32, y: Int32) -> (Double, Double) {
        let points = window.size
        let drawable = window.drawableSize
        let sx = points.width > 0 ? Double(drawable.width) / Double(points.width) : 1
        let sy = points.height > 0 ? Double(drawable.height) / Double(points.height) : 1
        return (Double(x) * sx, Double(y) * sy)
    }

    mutating func handle(_ event: SDL_Event, gallery: GalleryController, clock: PerformanceClock) {
        let time = clock.time(ofEventTimestamp: event.common.timestamp)
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            quit = true
        case SDL_SYSWMEVENT:
            if let position = X11QuietHover.pointerPosition(event) { x11Pointer = position }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            leftButtonDown = true
            let (x, y) = pointer(x: event.button.x, y: event.button.y)
            gallery.apply(.pointerDown(x: x, y: y), at: time)
        case SDL_MOUSEMOTION where leftButtonDown:
            let (x, y) = pixels(x: event.motion.x, y: event.motion.y)
            gallery.apply(.pointerMove(x: x, y: y), at: time)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && leftButtonDown:
            leftButtonDown = false
            let (x, y) = pointer(x: event.button.x, y: event.button.y)
            gallery.apply(.pointerUp(x: x, y: y), at: time)
        case SDL_MOUSEWHEEL where scrollsNatively:
            break
        case SDL_MOUSEWHEEL where SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0:
            // Ctrl + wheel zooms at the pointer, one step per notch.
            let (x, y) = pointer(x: event.wheel.mouseX, y: event.wheel.mouseY)
            let factor = pow(ZoomModel.step, Double(event.wheel.preciseY))
            gallery.apply(.zoomBy(factor: factor, x: x, y: y), at: time)
        case SDL_MULTIGESTURE where event.mgesture.numFingers == 2 && event.mgesture.dDist != 0:
            // A pinch: SDL reports the change of the fingers' spread as a fraction of the touch surface's diagonal.
            let size = window.drawableSize
            let factor = max(1 + Double(event.mgesture.dDist) * 4, 0.5)
            gallery.apply(
                .zoomBy(
                    factor: factor, x: Double(event.mgesture.x) * Double(size.width),
                    y: Double(event.mgesture.y) * Double(size.height)),
                at: time)
        case SDL_MOUSEWHEEL:
            gallery.apply(.wheel(dx: Double(event.wheel.preciseX), dy: Double(event.wheel.preciseY)), at: time)
        case SDL_DROPFILE:
            if let file = event.drop.file {
                droppedPaths.append(String(cString: file))
                SDL_free(file)
            }
        case SDL_KEYDOWN:
            let code = event.key.keysym.sym
            let shift = event.key.keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0
            let ctrl = event.key.keysym.mod & UInt16(KMOD_CTRL.rawValue) != 0
            // One press is handled once: by its key-down, or by its text when the key-down names nothing.
            guard
                let key = keys.keyDown(
                    SDLKeys.key(code), isModifier: SDLKeys.isModifier(code), shift: shift, ctrl: ctrl,
                    helpShows: gallery.model.overlays.showsHelp)
            else { break }
            gallery.apply(.key(key, isRepeat: event.key.repeat != 0), at: time)
        case SDL_KEYUP:
            keys.keyUp()
        case SDL_TEXTINPUT:
            // "?" is Shift+/ on most layouts: only text input says a question mark was typed.
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let key = keys.text(text) { gallery.apply(.key(key), at: time) }
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                do { try gallery.resize(at: time) } catch { resizeError = error }
            case SDL_WINDOWEVENT_FOCUS_LOST where leftButtonDown:
                leftButtonDown = false
                gallery.apply(.pointerCancel, at: time)
            case SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED:
                gallery.setHidden(true, at: time)
            case SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_EXPOSED:
                gallery.setHidden(false, at: time)
            case SDL_WINDOWEVENT_ICCPROF_CHANGED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
                displayMayHaveChanged = true
            default:
                break
            }
        default:
            break
        }
    }
}
