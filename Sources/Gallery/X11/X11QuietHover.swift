import CSDL2
import CWindowSystem

/// A pointer hovering over the X11 window wakes nothing: SDL 2.26 asks the X server for every pointer motion over its
/// window (XInput 2's motion) and for raw motion (XInput 2's, on the root window), each move over the window waking the
/// event loop's thread once or twice only for SDL to drop it (the loop does not queue motion without the left button):
/// 76 µs of CPU a move, 0.35 % at 46 moves a second, 4.1 % at 1,600. After `quiet` the server sends the window's motion
/// only while the left button is held (`CWindowSystem/x11_hover.c`). SDL then knows the pointer only from crossings and
/// drags, and its button and wheel events carry that stale position: the positions are read from the X events
/// themselves, which SDL hands over as `SDL_SYSWMEVENT`s just before its own.
@MainActor
enum X11QuietHover {
    /// Quiets hover on `window` and asks SDL for its X events (`pointerPosition`); false, with the reason in `error`,
    /// where that cannot be done (not on X11), and nothing changed.
    static func quiet(_ window: Window, error: inout String) -> Bool {
        var message = [CChar](repeating: 0, count: 256)
        guard gallery_x11_quiet_hover(UnsafeMutableRawPointer(window.handle), &message, message.count) == 0 else {
            error = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return false
        }
        _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
        return true
    }

    /// The pointer's position in the window, in window coordinates, that the X event of an `SDL_SYSWMEVENT` carries (a
    /// button, a motion, a crossing); nil for any other event.
    static func pointerPosition(_ event: SDL_Event) -> (x: Int32, y: Int32)? {
        guard SDL_EventType(event.type) == SDL_SYSWMEVENT, let message = event.syswm.msg else { return nil }
        var x: Int32 = 0
        var y: Int32 = 0
        guard gallery_x11_pointer_position(UnsafeRawPointer(message), &x, &y) == 1 else { return nil }
        return (x, y)
    }
}
