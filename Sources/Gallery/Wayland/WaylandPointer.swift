import CSDL2
import CWindowSystem
import GalleryCore

/// The Wayland seat's pointer as SDL 2.26 does not read it: the scroll's source and its stop (the fingers lifting),
/// and the touchpad's hold and pinch, bound by the gallery on SDL's own display connection (`CWindowSystem`) and
/// delivered by SDL's own reads on the main thread, which wake the event loop when records come (no thread of the
/// gallery's polls the connection: a hovering pointer wakes only SDL's). While it runs SDL's wheel events are
/// ignored: every scroll, a mouse wheel's too, comes from here.
@MainActor
struct WaylandPointer {
    private let handle: OpaquePointer
    private var translator: WaylandPointerTranslator
    /// The compositor's millisecond times on the run's clock.
    private var serverClock = ServerEventClock()

    /// Binds the pointer of `window`'s seat, nil with the reason in `error` where that is not possible (not on
    /// Wayland, no seat); records coming wake the loop with an event of `wakeEventType`.
    init?(window: Window, wakeEventType: UInt32, error: inout String) {
        guard let handle = WindowSystemHelper.open(gallery_wayland_pointer_open, window: window, error: &error) else {
            return nil
        }
        let context = WindowSystemHelper.context(wakeEventType: wakeEventType)
        guard gallery_wayland_pointer_start(handle, WindowSystemHelper.wakeLoop, context) == 0 else {
            gallery_wayland_pointer_close(handle)
            error = "cannot start the pointer's wake-ups"
            return nil
        }
        self.handle = handle
        translator = WaylandPointerTranslator(pixelsPerUnit: Self.pixelsPerUnit(of: window))
    }

    /// Whether the compositor offers the pinch and the hold.
    var gestures: (pinch: Bool, hold: Bool) {
        let version = gallery_wayland_pointer_gestures_version(handle)
        return (version >= 1, version >= 3)
    }

    /// The input the compositor sent since the last call, each with its time on `clock`.
    mutating func take(window: Window, clock: PerformanceClock) -> [(input: GalleryInput, time: Double)] {
        translator.pixelsPerUnit = Self.pixelsPerUnit(of: window)
        var records = [gallery_wayland_pointer_record](repeating: .init(), count: 256)
        var inputs: [(input: GalleryInput, time: Double)] = []
        var lost: Int32 = 0
        while true {
            let count = gallery_wayland_pointer_take(handle, &records, records.count, &lost)
            if lost != 0 {
                // Records were dropped unread: whatever the fingers did is unknown, so they count as lifted.
                inputs.append((.touchpad(.lift), time(of: nil, clock: clock)))
                inputs.append((.touchpad(.pinchEnd), time(of: nil, clock: clock)))
            }
            let zoomModifier = SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0
            for record in records.prefix(count) {
                guard let event = Self.event(record) else { continue }
                for each in translator.translate(event, zoomModifier: zoomModifier) {
                    inputs.append((each.input, time(of: each.time, clock: clock)))
                }
            }
            if count < records.count { return inputs }
        }
    }

    /// Releases the objects bound, before SDL closes its display.
    func close() {
        gallery_wayland_pointer_close(handle)
    }

    /// The run's time of a compositor's millisecond `stamp` (now, for none).
    private mutating func time(of stamp: UInt32?, clock: PerformanceClock) -> Double {
        serverClock.time(of: stamp, clock: clock)
    }

    /// Renderer pixels per surface unit (2 at an output scale of 2).
    private static func pixelsPerUnit(of window: Window) -> Double {
        let points = window.size.width
        return points > 0 ? Double(window.drawableSize.width) / Double(points) : 1
    }

    /// The event a record holds, nil for a kind this gallery does not know.
    private static func event(_ record: gallery_wayland_pointer_record) -> WaylandPointerEvent? {
        let horizontal = record.axis == 1
        switch gallery_wayland_pointer_kind(rawValue: record.kind) {
        case GALLERY_WL_POINTER_AXIS: return .axis(time: record.time, horizontal: horizontal, value: record.value)
        case GALLERY_WL_POINTER_AXIS_SOURCE: return .axisSource(UInt32(bitPattern: record.integer))
        case GALLERY_WL_POINTER_AXIS_STOP: return .axisStop(time: record.time, horizontal: horizontal)
        case GALLERY_WL_POINTER_AXIS_DISCRETE: return .axisDiscrete(horizontal: horizontal, steps: record.integer)
        case GALLERY_WL_POINTER_FRAME: return .frame(x: record.x, y: record.y)
        case GALLERY_WL_POINTER_HOLD_BEGIN:
            return .holdBegin(time: record.time, fingers: UInt32(bitPattern: record.integer))
        case GALLERY_WL_POINTER_HOLD_END: return .holdEnd(time: record.time, cancelled: record.integer != 0)
        case GALLERY_WL_POINTER_PINCH_BEGIN:
            return .pinchBegin(
                time: record.time, fingers: UInt32(bitPattern: record.integer), x: record.x, y: record.y)
        case GALLERY_WL_POINTER_PINCH_UPDATE:
            return .pinchUpdate(time: record.time, dx: record.x, dy: record.y, scale: record.value)
        case GALLERY_WL_POINTER_PINCH_END: return .pinchEnd(time: record.time, cancelled: record.integer != 0)
        default: return nil
        }
    }
}
