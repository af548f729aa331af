import CSDL2
import Logging

extension WindowRun {
    /// The gallery's own reading of the Wayland seat's pointer, when the window is on Wayland; nil (logged) where it
    /// cannot be bound, SDL's wheel events then standing in.
    static func waylandPointer(window: Window, wakeEventType: UInt32, logger: Logger) -> WaylandPointer? {
        guard videoDriver == "wayland" else { return nil }
        var error = ""
        guard let pointer = WaylandPointer(window: window, wakeEventType: wakeEventType, error: &error) else {
            logger.warning("touchpad: scrolling through SDL (no lift, no pinch): \(error)")
            return nil
        }
        let gestures = pointer.gestures
        logger.debug("touchpad: native scrolling; pinch \(gestures.pinch), hold \(gestures.hold)")
        return pointer
    }

    /// The touchpad's pinch read from the X server (XInput 2.4), when the window is on X11; nil (logged) where the
    /// server has no gesture events: the touchpad then has no pinch, as before.
    static func x11Gestures(window: Window, wakeEventType: UInt32, logger: Logger) -> X11Gestures? {
        guard videoDriver == "x11" else { return nil }
        var error = ""
        guard let gestures = X11Gestures(window: window, wakeEventType: wakeEventType, error: &error) else {
            logger.debug("touchpad: no pinch on X11: \(error)")
            return nil
        }
        logger.debug("touchpad: pinch through XInput 2.4")
        return gestures
    }

    /// SDL's video driver's name ("x11", "wayland"), empty before SDL's video starts.
    static var videoDriver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "" }
}
