/// Release velocity: least-squares quadratic fit of position over time over the last 100 ms, at most 20 samples,
/// stopping at any gap > 40 ms between consecutive samples, at least 3 samples (else 0), 0 if more than 40 ms passed
/// between the newest sample and the query time, clamped to ±8000 px/s. Samples with equal timestamps are merged
/// (the newest position wins). Flutter/Android VelocityTracker; velocity = the fit's first-order coefficient at the newest sample.
///
/// Non-finite samples are ignored; a sample older than the newest one (a clock that went backwards) starts a new history.
public struct VelocityTracker: Sendable {
    /// The largest speed reported, in pixels per second (Android `ViewConfiguration` maximum fling velocity, Flutter `kMaxFlingVelocity`).
    public static let maximumVelocity = 8000.0
    /// Only samples this recent, relative to the newest, are fitted (Flutter `_horizonMilliseconds`, 100 ms).
    static let horizon = 0.100
    /// A pause this long means the pointer had stopped (Flutter `_assumePointerMoveStoppedMilliseconds`, 40 ms).
    static let stoppedInterval = 0.040
    /// The most samples kept and fitted (Flutter `_historySize`).
    static let historySize = 20
    /// Fewer samples than this give no estimate (Flutter `_minSampleSize`: a quadratic needs 3 points).
    static let minimumSampleCount = 3

    /// The recorded samples, oldest first, with strictly increasing times.
    private var samples: [Sample] = []

    /// Creates a tracker with no samples.
    public init() {}

    /// The number of samples currently kept (at most 20).
    public var sampleCount: Int { samples.count }

    /// Records the pointer at `position` pixels at `time` seconds.
    public mutating func addSample(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        let sample = Sample(time: time, position: position)
        if let newest = samples.last {
            if time == newest.time {
                samples[samples.count - 1] = sample
                return
            }
            if time < newest.time { samples.removeAll(keepingCapacity: true) }
        }
        if samples.count == Self.historySize { samples.removeFirst() }
        samples.append(sample)
    }

    /// The pointer's velocity in pixels per second when it is released at `time` seconds.
    public func velocity(at time: Double) -> Double {
        guard let newest = samples.last, time - newest.time <= Self.stoppedInterval else { return 0 }
        // Times in milliseconds before the newest sample and positions relative to it, as Flutter fits them.
        var offsets: [Double] = []
        var displacements: [Double] = []
        var previousTime = newest.time
        for sample in samples.reversed() {
            guard newest.time - sample.time <= Self.horizon, previousTime - sample.time <= Self.stoppedInterval else {
                break
            }
            offsets.append((sample.time - newest.time) * 1000)
            displacements.append(sample.position - newest.position)
            previousTime = sample.time
        }
        guard offsets.count >= Self.minimumSampleCount,
            let fit = QuadraticFit.coefficients(xs: offsets, ys: displacements)
        else { return 0 }
        let velocity = fit[1] * 1000
        guard velocity.isFinite else { return 0 }
        return Swift.min(Swift.max(velocity, -Self.maximumVelocity), Self.maximumVelocity)
    }

    /// Forgets every sample (a new gesture begins).
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }
}

extension VelocityTracker {
    /// One pointer position at one time.
    private struct Sample: Sendable {
        var time: Double
        var position: Double
    }
}
