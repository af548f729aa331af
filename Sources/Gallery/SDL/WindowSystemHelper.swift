import CSDL2

/// What the window-system helpers written in C share at their Swift edge (the Wayland pointer, the X11 gestures, the
/// clipboards): opening one on SDL's window, with the C side's reason when it cannot, and the callback their threads
/// wake the loop with.
enum WindowSystemHelper {
    /// Opens a helper on `window` with `open` (a `gallery_…_open(window, error, size)`); nil with its reason in `error`.
    @MainActor static func open(
        _ open: (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int) -> OpaquePointer?, window: Window,
        error: inout String
    ) -> OpaquePointer? {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = open(UnsafeMutableRawPointer(window.handle), &message, message.count) else {
            error = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        return handle
    }

    /// The helpers' threads' wake-up: pushes an SDL event whose type is the context (`context(wakeEventType:)`).
    static let wakeLoop: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        var event = SDL_Event()
        event.type = UInt32(truncatingIfNeeded: UInt(bitPattern: context))
        _ = SDL_PushEvent(&event)  // Thread-safe; a full queue only delays the wake-up.
    }

    /// `wakeLoop`'s context for events of `wakeEventType`.
    static func context(wakeEventType: UInt32) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: UInt(wakeEventType))
    }
}
