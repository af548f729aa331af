/// A zoomed photo panned by a key (nsxiv's arrows and hjkl): from its pan to a target pan with the key-paging spring,
/// the scale unchanged. Closed form in time, as `ZoomAnimation`.
public struct PanAnimation: Equatable, Sendable {
    /// The zoom the pan starts from.
    public let start: PhotoZoom
    /// The pan it ends at, within the photo's pan bounds.
    public let targetX: Double
    /// See `targetX`.
    public let targetY: Double
    /// When it started, in seconds.
    public let startTime: Double
    /// Progress from 0 to `progressSpan` (a page's worth of pixels, for the spring's pixel tolerances).
    private let progress: SpringSimulation
    private static let progressSpan = 1000.0

    /// Pans `start` to (`x`, `y`), held within its bounds, from `time`, with the key-paging spring (as a page turned by
    /// a key moves).
    public init(from start: PhotoZoom, toX x: Double, y: Double, time: Double) {
        self.start = start
        let end = start.panned(toX: x, y: y).clamped()
        targetX = end.panX
        targetY = end.panY
        startTime = time
        progress = SpringSimulation(spring: .keyPaging, start: 0, end: Self.progressSpan, velocity: 0)
    }

    /// The zoom shown at `time`.
    public func zoom(at time: Double) -> PhotoZoom {
        guard !isDone(at: time) else { return start.panned(toX: targetX, y: targetY) }
        let fraction = progress.position(at: max(time - startTime, 0)) / Self.progressSpan
        return start.panned(
            toX: start.panX + (targetX - start.panX) * fraction, y: start.panY + (targetY - start.panY) * fraction)
    }

    /// Whether it has arrived by `time`.
    public func isDone(at time: Double) -> Bool { progress.isDone(at: max(time - startTime, 0)) }

    /// Two animations are equal when they start and end alike.
    public static func == (lhs: PanAnimation, rhs: PanAnimation) -> Bool {
        lhs.start == rhs.start && lhs.targetX == rhs.targetX && lhs.targetY == rhs.targetY
            && lhs.startTime == rhs.startTime
    }
}
