/// A zoom moving back within its limits after a pinch stretched it past them: scale and pan together from where the
/// fingers let go to where the photo settles, with the key-paging spring. Closed form in time, as `ZoomAnimation`.
public struct ZoomSettle: Equatable, Sendable {
    /// Where it starts (possibly stretched past the limits).
    public let start: PhotoZoom
    /// Where it ends, within the limits.
    public let end: PhotoZoom
    /// When it started, in seconds.
    public let startTime: Double
    /// Progress from 0 to `progressSpan` (a page's worth of pixels, for the spring's pixel tolerances).
    private let progress: SpringSimulation
    private static let progressSpan = 1000.0

    /// Settles `start` to `end` from `time`.
    public init(from start: PhotoZoom, to end: PhotoZoom, time: Double) {
        self.start = start
        self.end = end
        startTime = time
        progress = SpringSimulation(spring: .keyPaging, start: 0, end: Self.progressSpan, velocity: 0)
    }

    /// The zoom shown at `time`.
    public func zoom(at time: Double) -> PhotoZoom {
        guard !isDone(at: time) else { return end }
        let fraction = progress.position(at: max(time - startTime, 0)) / Self.progressSpan
        var next = end
        next.scale = start.scale + (end.scale - start.scale) * fraction
        next.panX = start.panX + (end.panX - start.panX) * fraction
        next.panY = start.panY + (end.panY - start.panY) * fraction
        return next
    }

    /// Whether it has arrived by `time`.
    public func isDone(at time: Double) -> Bool { progress.isDone(at: max(time - startTime, 0)) }

    /// Two settles are equal when they start and end alike.
    public static func == (lhs: ZoomSettle, rhs: ZoomSettle) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end && lhs.startTime == rhs.startTime
    }
}
