/// Turns a Wayland pointer's events (`WaylandPointerEvent`) into the gallery's input, a frame at a time: fingers'
/// scrolling into `TouchpadGesture.scroll` moving the content 1:1 and their `axis_stop` into `.lift`, a wheel's notches
/// into `.wheel` (with Ctrl, `.zoomBy` at the pointer), a continuous device's scroll into precise wheel deltas, the
/// hold and pinch gestures into their touchpad gestures (the pinch through `TouchpadPinch`, as on X11). Positions become
/// renderer pixels (`pixelsPerUnit` of them per surface unit: 2 at an output scale of 2). Values from the compositor
/// are bounded before use.
public struct WaylandPointerTranslator: Sendable {
    /// Renderer pixels per surface coordinate unit.
    public var pixelsPerUnit: Double
    /// The frame being gathered: its source, scroll values, notches, stops and latest time.
    private var source: UInt32?
    private var scroll = (x: 0.0, y: 0.0)
    private var steps = (x: 0, y: 0)
    private var stopped = false
    private var frameTime: UInt32?
    /// Whether fingers scroll and have not lifted: a frame that names no source (the protocol allows it) is theirs.
    private var fingersScroll = false
    /// The pinch under way.
    private var pinch = TouchpadPinch()

    /// Surface units a wheel notch scrolls, when a device reports no notches: libinput's and the protocol's
    /// convention (`wl_pointer.axis` of a wheel is 10 per notch in weston, mutter and wlroots alike).
    public static let unitsPerNotch = 10.0

    /// A translator for a window whose renderer has `pixelsPerUnit` pixels per surface unit.
    public init(pixelsPerUnit: Double) {
        self.pixelsPerUnit = pixelsPerUnit
    }

    /// The gallery's inputs for `event`, each with the compositor's time it happened at (nil: no time of its own);
    /// `zoomModifier` when Ctrl is held (a wheel notch then zooms).
    public mutating func translate(_ event: WaylandPointerEvent, zoomModifier: Bool = false) -> [(
        input: GalleryInput, time: UInt32?
    )] {
        switch event {
        case .axisSource(let source):
            self.source = source
            return []
        case .axis(let time, let horizontal, let value):
            let value = Self.bounded(value)
            if horizontal { scroll.x += value } else { scroll.y += value }
            frameTime = time
            return []
        case .axisDiscrete(let horizontal, let steps):
            let steps = Int(max(min(steps, 100), -100))
            if horizontal { self.steps.x += steps } else { self.steps.y += steps }
            return []
        case .axisStop(let time, _):
            stopped = true
            frameTime = time
            return []
        case .frame(let x, let y):
            return endFrame(pointer: (Self.bounded(x), Self.bounded(y)), zoomModifier: zoomModifier)
        case .holdBegin(let time, _):
            return [(.touchpad(.hold), time)]
        case .holdEnd(let time, let cancelled):
            return [(.touchpad(.holdEnd(cancelled: cancelled)), time)]
        case .pinchBegin(let time, _, let x, let y):
            return [(.touchpad(pinch.begin(x: x, y: y, pixelsPerUnit: pixelsPerUnit)), time)]
        case .pinchUpdate(let time, let dx, let dy, let scale):
            let gesture = pinch.update(dx: dx, dy: dy, scale: scale, pixelsPerUnit: pixelsPerUnit)
            return gesture.map { [(.touchpad($0), time)] } ?? []
        case .pinchEnd(let time, _):
            return pinch.end().map { [(.touchpad($0), time)] } ?? []
        }
    }

    /// The frame's scroll as input, and the frame forgotten.
    private mutating func endFrame(pointer: (x: Double, y: Double), zoomModifier: Bool) -> [(
        input: GalleryInput, time: UInt32?
    )] {
        defer {
            source = nil
            scroll = (0, 0)
            steps = (0, 0)
            stopped = false
            frameTime = nil
        }
        var inputs: [(input: GalleryInput, time: UInt32?)] = []
        switch source ?? (fingersScroll ? 1 : nil) {
        case 1:  // Fingers: the content follows them (scrolling down moves it up).
            fingersScroll = !stopped
            if scroll.x != 0 || scroll.y != 0 {
                inputs.append(
                    (.touchpad(.scroll(dx: -scroll.x * pixelsPerUnit, dy: -scroll.y * pixelsPerUnit)), frameTime))
            }
            if stopped { inputs.append((.touchpad(.lift), frameTime)) }
        default:  // A wheel's notches, or a continuous device's scroll as fractions of one.
            let notches =
                steps != (0, 0)
                ? (x: Double(steps.x), y: Double(steps.y))
                : (x: scroll.x / Self.unitsPerNotch, y: scroll.y / Self.unitsPerNotch)
            guard notches.x != 0 || notches.y != 0 else { break }
            if zoomModifier {
                // Ctrl + wheel zooms at the pointer, a step per notch away from the user (scrolling up).
                let factor = Double.pow(ZoomModel.step, -notches.y)
                inputs.append(
                    (.zoomBy(factor: factor, x: pointer.x * pixelsPerUnit, y: pointer.y * pixelsPerUnit), frameTime))
            } else {
                // The gallery's wheel deltas are SDL's: dy > 0 away from the user, where Wayland's down is positive.
                inputs.append((.wheel(dx: notches.x, dy: -notches.y), frameTime))
            }
        }
        return inputs
    }

    /// `value` within the same bounds as a pinch's (`TouchpadPinch.valueLimit`).
    static func bounded(_ value: Double) -> Double { TouchpadPinch.bounded(value) }
}
