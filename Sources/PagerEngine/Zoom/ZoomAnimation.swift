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
    /// The scale it ends at.
    public let targetScale: Double
    /// Progress from 0 to `progressSpan`: the spring's tolerances are in pixels, so it runs over a span of pixels
    /// (a page's worth) rather than over the scale's few units, which would count as done at once.
    private let progress: SpringSimulation
    private static let progressSpan = 1000.0

    /// Animates `start` to `target` at (`x`, `y`) from `time`, with the key-paging spring (ζ = 0.99996, so the
    /// scale does not visibly overshoot).
    public init(from start: PhotoZoom, to target: Double, atX x: Double, y: Double, time: Double) {
        self.start = start
        focusX = x
        focusY = y
        startTime = time
        targetScale = min(max(target, start.minScale), start.maxScale)
        progress = SpringSimulation(spring: .keyPaging, start: 0, end: Self.progressSpan, velocity: 0)
    }

    /// The zoom shown at `time`.
    public func zoom(at time: Double) -> PhotoZoom {
        guard !isDone(at: time) else { return start.zoomed(to: targetScale, atX: focusX, y: focusY) }
        let fraction = progress.position(at: max(time - startTime, 0)) / Self.progressSpan
        return start.zoomed(to: start.scale + (targetScale - start.scale) * fraction, atX: focusX, y: focusY)
    }

    /// Whether it has arrived by `time`.
    public func isDone(at time: Double) -> Bool { progress.isDone(at: max(time - startTime, 0)) }

    /// Two animations are equal when they start alike.
    public static func == (lhs: ZoomAnimation, rhs: ZoomAnimation) -> Bool {
        lhs.start == rhs.start && lhs.focusX == rhs.focusX && lhs.focusY == rhs.focusY && lhs.startTime == rhs.startTime
    }
}
