/// Release velocity: a weighted average of the last three sample-to-sample velocities, each weighted by Flutter's
/// macOS weights (0.15, 0.65, 0.2, oldest to newest) times its duration, so that `Σ wᵢ·Δxᵢ / Σ wᵢ·Δtᵢ`. Evenly
/// spaced samples give exactly Flutter's `MacOSScrollViewFlingVelocityTracker` estimate; unevenly spaced ones give
/// a velocity between the slowest and fastest of those segments, so it never points against all of them (a least-
/// squares curve over such samples can), and a segment of one millisecond (events stamped in one batch) counts little.
///
/// Only samples within 100 ms of the newest count, the history stops at any gap over 40 ms (the pointer had stopped),
/// and the velocity is 0 with fewer than 2 samples or more than 40 ms after the newest one; clamped to ±8000 px/s.
/// Samples with equal timestamps are merged (the newest position wins). Non-finite samples are ignored; a sample older
/// than the newest one (a clock that went backwards) starts a new history.
public struct VelocityTracker: Sendable {
    /// The largest speed reported, in pixels per second (Android `ViewConfiguration` maximum fling velocity, Flutter `kMaxFlingVelocity`).
    public static let maximumVelocity = 8000.0
    /// Only samples this recent, relative to the newest, count (Flutter `VelocityTracker._horizonMilliseconds`, 100 ms).
    static let horizon = 0.100
    /// A pause this long means the pointer had stopped (Flutter `_assumePointerMoveStoppedMilliseconds`, 40 ms).
    static let stoppedInterval = 0.040
    /// Slack for comparing times against the two limits above, so that a gap of exactly 40 ms, summed in floating
    /// point, still counts (a microsecond: far below the millisecond of SDL's and X's timestamps).
    static let timeSlack = 1e-6
    /// The weights of the last three sample-to-sample velocities, oldest first (Flutter's
    /// `MacOSScrollViewFlingVelocityTracker`: 0.15, 0.65, 0.2, its approximation of a macOS scroll view's release).
    static let segmentWeights = [0.15, 0.65, 0.2]
    /// The samples kept: enough for the weighted segments.
    static let historySize = segmentWeights.count + 1

    /// The recorded samples, oldest first, with strictly increasing times.
    private var samples: [Sample] = []

    /// Creates a tracker with no samples.
    public init() {}

    /// The number of samples currently kept (at most 4).
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
        guard let newest = samples.last, time - newest.time <= Self.stoppedInterval + Self.timeSlack else { return 0 }
        var distance = 0.0
        var duration = 0.0
        var later = newest
        // Newest segment first, with the newest weight.
        for (sample, weight) in zip(samples.dropLast().reversed(), Self.segmentWeights.reversed()) {
            let interval = later.time - sample.time
            guard newest.time - sample.time <= Self.horizon + Self.timeSlack,
                interval <= Self.stoppedInterval + Self.timeSlack
            else { break }
            distance += weight * (later.position - sample.position)
            duration += weight * interval
            later = sample
        }
        guard duration > 0 else { return 0 }
        let velocity = distance / duration
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
