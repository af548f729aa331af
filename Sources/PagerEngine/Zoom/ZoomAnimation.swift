/// A zoom animated with a spring (a double-click between fit and 100 %), keeping the photo point under the pointer
/// fixed in every frame: closed form in time, so any frame rate shows the same path.
public struct ZoomAnimation: Equatable, Sendable {
    /// The zoom the animation starts from.
    public let start: PhotoZoom
    /// The viewport point that stays on the same photo point.
    public let focusX: Double
    /// See `focusX`.
    public let focusY: Double
    /// When it started, in seconds.
    public let startTime: Double
    private let scale: SpringSimulation

    /// Animates `start` to `target` at (`x`, `y`) from `time`, with the paging spring (critically damped enough that
    /// the scale never overshoots far).
    public init(from start: PhotoZoom, to target: Double, atX x: Double, y: Double, time: Double) {
        self.start = start
        focusX = x
        focusY = y
        startTime = time
        let end = min(max(target, 1), start.maxScale)
        scale = SpringSimulation(spring: .keyPaging, start: start.scale, end: end, velocity: 0)
    }

    /// The zoom shown at `time`.
    public func zoom(at time: Double) -> PhotoZoom {
        start.zoomed(to: scale.position(at: max(time - startTime, 0)), atX: focusX, y: focusY)
    }

    /// Whether it has arrived by `time`.
    public func isDone(at time: Double) -> Bool { scale.isDone(at: max(time - startTime, 0)) }

    /// Two animations are equal when they start alike.
    public static func == (lhs: ZoomAnimation, rhs: ZoomAnimation) -> Bool {
        lhs.start == rhs.start && lhs.focusX == rhs.focusX && lhs.focusY == rhs.focusY && lhs.startTime == rhs.startTime
    }
}
