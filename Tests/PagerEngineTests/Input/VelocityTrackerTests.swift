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

    /// docs/PHYSICS.md: `x = 2t − 0.005t²` (ms, px) every 8 ms for 80 ms gives 1200 px/s at the last sample.
    @Test func designReferenceFit() {
        var tracker = VelocityTracker()
        for millisecond in stride(from: 0.0, through: 80, by: 8) {
            tracker.addSample(time: millisecond / 1000, position: 2 * millisecond - 0.005 * millisecond * millisecond)
        }
        #expect(tracker.sampleCount == 11)
        #expect(abs(tracker.velocity(at: 0.080) - 1200) < 1e-6)
    }

    struct Quadratic: Sendable, CustomTestStringConvertible {
        var constant: Double
        var linear: Double  // px/s
        var quadratic: Double  // px/s²
        var spacing: Double  // s
        var count: Int
        var testDescription: String { "\(constant) + \(linear)·t + \(quadratic)·t², every \(spacing) s ×\(count)" }
    }

    /// An exact quadratic is fitted exactly: the velocity is its derivative at the newest sample.
    @Test(arguments: [
        Quadratic(constant: 0, linear: 1000, quadratic: 0, spacing: 0.008, count: 12),
        Quadratic(constant: 640, linear: -2500, quadratic: 4000, spacing: 0.016, count: 6),
        Quadratic(constant: -3, linear: 50, quadratic: -900, spacing: 0.004, count: 20),
        Quadratic(constant: 1e5, linear: 700, quadratic: 12_000, spacing: 0.007, count: 3),
        Quadratic(constant: 0, linear: 0, quadratic: 0, spacing: 0.010, count: 8),
    ])
    func exactQuadraticsGiveTheirDerivative(_ motion: Quadratic) {
        let times = Self.times(from: 0.25, every: motion.spacing, count: motion.count)
        let tracker = Self.tracker(times: times) { t in
            motion.constant + motion.linear * t + motion.quadratic * t * t
        }
        let newest = times[times.count - 1]
        let expected = motion.linear + 2 * motion.quadratic * newest
        #expect(abs(tracker.velocity(at: newest) - expected) < 1e-6 * Swift.max(1, abs(expected)))
    }

    /// Motion at 5000 px/s, then a pause of `gap`, then motion at 1000 px/s for 3 samples.
    @Test(arguments: [(gap: 0.039, dropsTheOldMotion: false), (gap: 0.041, dropsTheOldMotion: true)])
    func aLongGapEndsTheFittedHistory(gap: Double, dropsTheOldMotion: Bool) {
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

    @Test func aGapLeavingFewerThanThreeSamplesGivesZero() {
        var tracker = VelocityTracker()
        for time in Self.times(every: 0.008, count: 5) { tracker.addSample(time: time, position: 5000 * time) }
        tracker.addSample(time: 0.090, position: 300)
        tracker.addSample(time: 0.098, position: 310)
        #expect(tracker.velocity(at: 0.098) == 0)
        tracker.addSample(time: 0.106, position: 320)
        #expect(abs(tracker.velocity(at: 0.106) - 1250) < 1e-6)
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
    func needsThreeSamples(count: Int) {
        let times = Self.times(every: 0.010, count: count)
        let tracker = Self.tracker(times: times) { -800 * $0 }
        #expect(tracker.sampleCount == count)
        let velocity = tracker.velocity(at: times.last ?? 0)
        #expect((velocity == 0) == (count < 3))
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

    @Test func equalTimestampsAreMergedAndTheNewestPositionWins() {
        var merged = VelocityTracker()
        var reference = VelocityTracker()
        for (index, time) in Self.times(every: 0.008, count: 5).enumerated() {
            merged.addSample(time: time, position: 999 * Double(index))  // replaced below
            merged.addSample(time: time, position: 900 * time * time + 40 * time)
            reference.addSample(time: time, position: 900 * time * time + 40 * time)
        }
        #expect(merged.sampleCount == 5)
        #expect(merged.velocity(at: 0.032) == reference.velocity(at: 0.032))
        #expect(abs(merged.velocity(at: 0.032) - (40 + 2 * 900 * 0.032)) < 1e-6)
    }

    /// Motion at 3000 px/s until `knee`, then at 1000 px/s, sampled every 8 ms up to 0.2 s: the earlier motion
    /// counts only when it is within the last 100 ms.
    @Test(arguments: [(knee: 0.1, onlyTheLaterMotion: true), (knee: 0.15, onlyTheLaterMotion: false)])
    func onlyTheLast100MillisecondsAreFitted(knee: Double, onlyTheLaterMotion: Bool) {
        let tracker = Self.tracker(times: Self.times(every: 0.008, count: 26)) { t in
            t < knee ? 3000 * t : 3000 * knee + 1000 * (t - knee)
        }
        #expect((abs(tracker.velocity(at: 0.2) - 1000) < 1e-6) == onlyTheLaterMotion)
    }

    /// Every 2 ms, 100 ms would hold 51 samples: only the newest 20 (38 ms) are kept and fitted.
    @Test func atMostTwentySamplesAreKept() {
        let knee = 0.150
        let position: (Double) -> Double = { t in t < knee ? -4000 * t : -600 + 500 * (t - knee) }
        let times = Self.times(every: 0.002, count: 101)  // 0 … 0.2 s; the knee is 50 ms before the end
        let tracker = Self.tracker(times: times, position: position)
        #expect(tracker.sampleCount == 20)
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
        #expect(tracker.sampleCount == 6)
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
            #expect(tracker.sampleCount <= 20)
        }
    }
}
