import PagerEngine
import Testing

@Suite("VelocityTracker")
struct VelocityTrackerTests {
    /// A tracker fed `position(t)` at `times` (seconds).
    static func tracker(times: [Double], position: (Double) -> Double) -> VelocityTracker {
        var tracker = VelocityTracker()
        for time in times { tracker.addSample(time: time, position: position(time)) }
        return tracker
    }

    /// Times from `start` every `step` seconds, `count` of them.
    static func times(from start: Double = 0, every step: Double, count: Int) -> [Double] {
        (0..<count).map { start + Double($0) * step }
    }

    /// docs/PHYSICS.md: `x = 2t − 0.005t²` (ms, px) every 8 ms for 80 ms: the last three segments move 11.2, 10.56
    /// and 9.92 px in 8 ms each, so (0.15·11.2 + 0.65·10.56 + 0.2·9.92) / 8 = 1.316 px/ms.
    @Test func designReferenceVelocity() {
        var tracker = VelocityTracker()
        for millisecond in stride(from: 0.0, through: 80, by: 8) {
            tracker.addSample(time: millisecond / 1000, position: 2 * millisecond - 0.005 * millisecond * millisecond)
        }
        #expect(tracker.sampleCount == 4)
        #expect(abs(tracker.velocity(at: 0.080) - 1316) < 1e-6)
    }

    /// docs/PHYSICS.md: samples at 0, 2, 30 and 34 ms at 0, 10, 150 and 160 px: (0.15·10 + 0.65·140 + 0.2·10) /
    /// (0.15·2 + 0.65·28 + 0.2·4) = 94.5 / 19.3 px/ms.
    @Test func unevenlySpacedReferenceVelocity() {
        var tracker = VelocityTracker()
        for (time, position) in [(0.0, 0.0), (0.002, 10), (0.030, 150), (0.034, 160)] {
            tracker.addSample(time: time, position: position)
        }
        #expect(abs(tracker.velocity(at: 0.034) - 94.5 / 19.3 * 1000) < 1e-6)
    }

    /// Steady motions: a speed in px/s and the gaps between its samples in seconds.
    static let steadyMotions: [(speed: Double, gaps: [Double])] = [
        (1000, [0.008, 0.008, 0.008, 0.008]),
        (-2500, [0.016, 0.001, 0.039, 0.004]),
        (50, [0.004]),
        (700, [0.030, 0.001, 0.001]),
        (0, [0.010, 0.020, 0.010]),
    ]

    /// Steady motion gives its own speed however its samples are spaced.
    @Test(arguments: steadyMotions)
    func steadyMotionGivesItsSpeed(speed: Double, gaps: [Double]) {
        let times = gaps.reduce(into: [0.25]) { times, gap in times.append(times[times.count - 1] + gap) }
        let tracker = Self.tracker(times: times) { 640 + speed * $0 }
        #expect(abs(tracker.velocity(at: times[times.count - 1]) - speed) < 1e-6 * Swift.max(1, abs(speed)))
    }

    /// Samples moving one way, 1 to 40 ms apart in any order: the velocity lies between the slowest and the fastest
    /// of the last three segments, so it never points against the motion.
    @Test(arguments: [UInt64(11), 12, 13])
    func oneWayMotionGivesAVelocityAmongItsSegments(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let direction: Double = Bool.random(using: &random) ? 1 : -1
            var tracker = VelocityTracker()
            var samples = [(time: 0.1, position: 0.0)]
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let last = samples[samples.count - 1]
                samples.append(
                    (
                        last.time + Double(Int.random(in: 1...40, using: &random)) / 1000,
                        last.position + direction * Double.random(in: 0.01...400, using: &random)
                    ))
            }
            for sample in samples { tracker.addSample(time: sample.time, position: sample.position) }
            let speeds = zip(samples.dropFirst(), samples).suffix(3).map {
                ($0.position - $1.position) / ($0.time - $1.time)
            }
            let velocity = tracker.velocity(at: samples[samples.count - 1].time)
            #expect(velocity * direction > 0)
            let magnitudes = speeds.map(abs)
            #expect(abs(velocity) <= magnitudes.max()! * (1 + 1e-12))
            #expect(abs(velocity) >= Swift.min(magnitudes.min()!, VelocityTracker.maximumVelocity) * (1 - 1e-12))
        }
    }

    /// Motion at 5000 px/s, then a pause of `gap`, then motion at 1000 px/s for 3 samples.
    @Test(arguments: [(gap: 0.039, dropsTheOldMotion: false), (gap: 0.041, dropsTheOldMotion: true)])
    func aLongGapEndsTheHistory(gap: Double, dropsTheOldMotion: Bool) {
        var tracker = VelocityTracker()
        for time in Self.times(every: 0.008, count: 5) { tracker.addSample(time: time, position: 5000 * time) }
        let resume = 0.032 + gap
        for index in 0..<3 {
            let time = resume + Double(index) * 0.008
            tracker.addSample(time: time, position: 160 + 1000 * (time - resume))
        }
        let velocity = tracker.velocity(at: resume + 0.016)
        #expect((abs(velocity - 1000) < 1e-6) == dropsTheOldMotion)
    }

    @Test func aGapLeavingOneSampleGivesZero() {
        var tracker = VelocityTracker()
        for time in Self.times(every: 0.008, count: 5) { tracker.addSample(time: time, position: 5000 * time) }
        tracker.addSample(time: 0.090, position: 300)
        #expect(tracker.velocity(at: 0.090) == 0)
        tracker.addSample(time: 0.098, position: 310)
        #expect(abs(tracker.velocity(at: 0.098) - 1250) < 1e-6)
    }

    @Test(arguments: [
        (delay: 0.0, stale: false), (delay: 0.039, stale: false), (delay: 0.041, stale: true), (delay: 5, stale: true),
    ])
    func aPointerThatStoppedMovingHasNoVelocity(delay: Double, stale: Bool) {
        let times = Self.times(every: 0.008, count: 6)
        let tracker = Self.tracker(times: times) { 1500 * $0 }
        let velocity = tracker.velocity(at: times[times.count - 1] + delay)
        #expect(velocity == (stale ? 0 : velocity))
        #expect((velocity == 0) == stale)
    }

    @Test(arguments: 0...3)
    func needsTwoSamples(count: Int) {
        let times = Self.times(every: 0.010, count: count)
        let tracker = Self.tracker(times: times) { -800 * $0 }
        #expect(tracker.sampleCount == count)
        let velocity = tracker.velocity(at: times.last ?? 0)
        #expect((velocity == 0) == (count < 2))
    }

    @Test(arguments: [20_000.0, -20_000, 8_001, -1e9])
    func speedsAreClamped(speed: Double) {
        let times = Self.times(every: 0.008, count: 6)
        let tracker = Self.tracker(times: times) { speed * $0 }
        #expect(
            tracker.velocity(at: times[5])
                == (speed > 0 ? VelocityTracker.maximumVelocity : -VelocityTracker.maximumVelocity))
        #expect(VelocityTracker.maximumVelocity == 8000)
    }

    /// `x = 900t² + 40t` every 8 ms to 32 ms: segments at 61.6, 76 and 90.4 px/s, weighted 0.15, 0.65, 0.2: 76.72.
    @Test func equalTimestampsAreMergedAndTheNewestPositionWins() {
        var merged = VelocityTracker()
        var reference = VelocityTracker()
        for (index, time) in Self.times(every: 0.008, count: 5).enumerated() {
            merged.addSample(time: time, position: 999 * Double(index))  // replaced below
            merged.addSample(time: time, position: 900 * time * time + 40 * time)
            reference.addSample(time: time, position: 900 * time * time + 40 * time)
        }
        #expect(merged.sampleCount == 4)
        #expect(merged.velocity(at: 0.032) == reference.velocity(at: 0.032))
        #expect(abs(merged.velocity(at: 0.032) - 76.72) < 1e-9)
    }

    /// Motion at 5000 px/s for one segment, then at 1000 px/s for two, every `spacing`: the first segment counts only
    /// when it began within 100 ms of the newest sample, (0.15·150 + 0.65·30 + 0.2·30) / 30 = 1.6 px/ms.
    @Test(arguments: [(spacing: 0.030, expected: 1600.0), (spacing: 0.035, expected: 1000)])
    func onlyTheLast100MillisecondsCount(spacing: Double, expected: Double) {
        let times = Self.times(every: spacing, count: 4)
        let tracker = Self.tracker(times: times) { t in
            t < spacing * 1.5 ? 5000 * t : 5000 * spacing + 1000 * (t - spacing)
        }
        #expect(abs(tracker.velocity(at: times[3]) - expected) < 1e-6)
    }

    /// Every 2 ms for 0.2 s: only the newest four samples (three segments) are kept.
    @Test func atMostFourSamplesAreKept() {
        let knee = 0.190
        let position: (Double) -> Double = { t in t < knee ? -4000 * t : -760 + 500 * (t - knee) }
        let times = Self.times(every: 0.002, count: 101)  // 0 … 0.2 s; the knee is 10 ms before the end
        let tracker = Self.tracker(times: times, position: position)
        #expect(tracker.sampleCount == 4)
        #expect(abs(tracker.velocity(at: 0.2) - 500) < 1e-6)
    }

    @Test func resetForgetsEverything() {
        let times = Self.times(every: 0.008, count: 6)
        var tracker = Self.tracker(times: times) { 1200 * $0 }
        #expect(tracker.velocity(at: times[5]) != 0)
        tracker.reset()
        #expect(tracker.sampleCount == 0)
        #expect(tracker.velocity(at: times[5]) == 0)
    }

    @Test func aClockGoingBackwardsStartsANewHistory() {
        var tracker = Self.tracker(times: Self.times(from: 1, every: 0.008, count: 6)) { 1200 * $0 }
        tracker.addSample(time: 0.5, position: 10)
        #expect(tracker.sampleCount == 1)
        #expect(tracker.velocity(at: 0.5) == 0)
    }

    @Test func nonFiniteSamplesAreIgnored() {
        let times = Self.times(every: 0.008, count: 6)
        var tracker = Self.tracker(times: times) { 700 * $0 }
        let before = tracker.velocity(at: times[5])
        tracker.addSample(time: .nan, position: 1)
        tracker.addSample(time: 0.1, position: .infinity)
        tracker.addSample(time: .infinity, position: 1)
        #expect(tracker.sampleCount == 4)
        #expect(tracker.velocity(at: times[5]) == before)
        #expect(tracker.velocity(at: .nan) == 0)
    }

    @Test(arguments: [UInt64(7), 8, 9])
    func randomSamplesGiveFiniteClampedVelocities(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        var tracker = VelocityTracker()
        var time = 0.0
        for _ in 0..<2_000 {
            // Intervals from 0 (a merged duplicate) to 60 ms (a stop), positions anywhere on a large canvas.
            time += [0, 1e-7, Double.random(in: 0...0.06, using: &random)][Int.random(in: 0...2, using: &random)]
            tracker.addSample(time: time, position: Double.random(in: -1e6...1e6, using: &random))
            let velocity = tracker.velocity(at: time + Double.random(in: 0...0.05, using: &random))
            #expect(velocity.isFinite)
            #expect(abs(velocity) <= VelocityTracker.maximumVelocity)
            #expect(tracker.sampleCount <= 4)
        }
    }
}
