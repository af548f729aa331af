import CSDL2
import CWindowSystem
import GalleryCore

/// The touchpad's pinch on X11 as SDL 2.26 does not read it: XInput 2.4's gesture events, selected on SDL's window from
/// an X connection of the gallery's own (`CWindowSystem/x11_gestures.c`) and read by a thread that wakes the event loop.
/// Scrolling stays SDL's (core wheel buttons: `TouchpadScroll`, `NotchBurst`).
@MainActor
struct X11Gestures {
    private let handle: OpaquePointer
    private var translator = X11GestureTranslator()
    /// The X server's millisecond times on the run's clock.
    private var serverClock = ServerEventClock()

    /// Selects the pinch on `window`, nil with the reason in `error` where that is not possible (not on X11, no
    /// XInput 2.4); its thread wakes the loop with an event of `wakeEventType`.
    init?(window: Window, wakeEventType: UInt32, error: inout String) {
        guard let handle = WindowSystemHelper.open(gallery_x11_gestures_open, window: window, error: &error) else {
            return nil
        }
        let context = WindowSystemHelper.context(wakeEventType: wakeEventType)
        guard gallery_x11_gestures_start(handle, WindowSystemHelper.wakeLoop, context) == 0 else {
            gallery_x11_gestures_close(handle)
            error = "cannot start the gestures' thread"
            return nil
        }
        self.handle = handle
    }

    /// The input the server sent since the last call, each with its time on `clock`.
    mutating func take(window: Window, clock: PerformanceClock) -> [(input: GalleryInput, time: Double)] {
        let points = window.size.width
        translator.pixelsPerUnit = points > 0 ? Double(window.drawableSize.width) / Double(points) : 1
        var records = [gallery_x11_gesture_record](repeating: .init(), count: 64)
        var inputs: [(input: GalleryInput, time: Double)] = []
        var lost: Int32 = 0
        while true {
            let count = gallery_x11_gestures_take(handle, &records, records.count, &lost)
            if lost != 0 {
                // Records were dropped unread: the pinch's end may be among them, so the zoom settles now.
                inputs.append((.touchpad(.pinchEnd), serverClock.time(of: nil, clock: clock)))
            }
            for record in records.prefix(count) {
                guard let event = Self.event(record) else { continue }
                for each in translator.translate(event) {
                    inputs.append((each.input, serverClock.time(of: each.time, clock: clock)))
                }
            }
            if count < records.count { return inputs }
        }
    }

    /// Stops the thread and closes the connection, before SDL closes its display.
    func close() {
        gallery_x11_gestures_close(handle)
    }

    /// The event a record holds, nil for a kind this gallery does not know.
    private static func event(_ record: gallery_x11_gesture_record) -> X11GestureEvent? {
        switch gallery_x11_gesture_kind(rawValue: record.kind) {
        case GALLERY_X11_PINCH_BEGIN:
            return .pinchBegin(time: record.time, fingers: record.integer, x: record.x, y: record.y)
        case GALLERY_X11_PINCH_UPDATE:
            return .pinchUpdate(time: record.time, dx: record.x, dy: record.y, scale: record.value)
        case GALLERY_X11_PINCH_END: return .pinchEnd(time: record.time, cancelled: record.integer != 0)
        default: return nil
        }
    }
}
