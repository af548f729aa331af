import PagerEngine
import Testing

@Suite("Grid scroll physics")
struct GridScrollerTests {
    /// 100 rows of 140 px in a 720 px viewport: maxOffset 13,280 px, a multiple of no row.
    static let geometry = GridScrollGeometry(rowPitch: 140, contentHeight: 14_000 + 8, viewportHeight: 720)

    /// Drags from y = 600 up at `speed` px/s for `duration`, sampled at `hz` and at `duration` itself (so every rate
    /// lets go at the same time and place), releases, and steps at `hz` until rest: the resting offset, and the
    /// offsets sampled at 0.05 s steps after the release.
    static func fling(hz: Double, speed: Double, duration: Double = 0.1, from start: Double = 0)
        -> (rest: Double, samples: [Double])
    {
        var scroller = GridScroller(geometry: geometry, offset: start)
        let frame = 1 / hz
        scroller.press(y: 600, at: 0)
        var time = 0.0
        while time + frame < duration - 1e-9 {
            time += frame
            scroller.drag(y: 600 - speed * time, at: time)
        }
        time = duration
        scroller.drag(y: 600 - speed * time, at: time)
        scroller.release(at: time)
        var samples: [Double] = []
        for step in 1...10 { samples.append(scroller.offset(at: duration + 0.05 * Double(step))) }
        var frames = 0
        while scroller.isAnimating(at: time), frames < 100_000 {
            time += frame
            scroller.advance(to: time)
            frames += 1
        }
        return (scroller.offset(at: time), samples)
    }

    @Test("a fling comes to rest on the same row at 30, 60, 144 and 240 Hz", arguments: [30.0, 60, 144, 240])
    func frameRateIndependence(hz: Double) {
        let reference = Self.fling(hz: 240, speed: 3000)
        let run = Self.fling(hz: hz, speed: 3000)
        #expect(run.rest == reference.rest)
        #expect(GridSnap.isResting(run.rest, in: Self.geometry))
        #expect(run.rest > 1000)
        // A steady drag fits the same release velocity from any rate's samples, and the glide is closed form.
        for (sample, expected) in zip(run.samples, reference.samples) { #expect(abs(sample - expected) < 0.5) }
    }

    @Test("reference values: the free deceleration's rest, snapped to a row")
    func referenceValues() {
        var scroller = GridScroller(geometry: Self.geometry)
        scroller.fling(from: 0, velocity: 2000, at: 0)
        // UIKit's 0.998/ms from 2000 px/s travels 2000/1000·0.998/0.002 · (1 − 10/2000) = 993.0 px: row 7 (980 px).
        #expect(scroller.restingOffset == 980)
        #expect(scroller.isAnimating(at: 0.1))
        let midway = scroller.offset(at: 0.1)
        #expect(midway > 150 && midway < 200)
        #expect(scroller.offset(at: 10) == 980)
    }

    @Test("the rubber band stretches less than the finger and never past the viewport")
    func rubberBandBounds() {
        var scroller = GridScroller(geometry: Self.geometry)
        scroller.press(y: 100, at: 0)
        for pull in [50.0, 200, 720, 5000, 1e7] {
            scroller.drag(y: 100 + pull, at: 0.01)
            let shown = scroller.offset(at: 0.01)
            #expect(shown < 0 && -shown < pull && -shown < Self.geometry.viewportHeight)
        }
        scroller.release(at: 0.5)
        #expect(scroller.restingOffset == 0)
        #expect(scroller.offset(at: 5) == 0)

        var bottom = GridScroller(geometry: Self.geometry, offset: Self.geometry.maxOffset)
        bottom.press(y: 600, at: 0)
        bottom.drag(y: 300, at: 0.01)
        let shown = bottom.offset(at: 0.01)
        #expect(shown > Self.geometry.maxOffset && shown < Self.geometry.maxOffset + 300)
        bottom.release(at: 0.5)
        #expect(bottom.offset(at: 5) == Self.geometry.maxOffset)
    }

    @Test("a drag inside the content follows the finger 1:1")
    func dragOneToOne() {
        var scroller = GridScroller(geometry: Self.geometry, offset: 1400)
        scroller.press(y: 500, at: 0)
        scroller.drag(y: 380, at: 0.016)
        #expect(scroller.offset(at: 0.016) == 1520)
        #expect(scroller.isDragging)
    }

    @Test("a key's scroll springs to the row within a quarter second")
    func keyScroll() {
        var scroller = GridScroller(geometry: Self.geometry)
        scroller.scroll(to: 420, at: 1)
        #expect(scroller.restingOffset == 420)
        #expect(abs(scroller.offset(at: 1.25) - 420) < 0.5)
        scroller.advance(to: 3)
        #expect(!scroller.isAnimating(at: 3) && scroller.offset(at: 3) == 420)
    }

    @Test(
        "the resting offsets are row boundaries and the ends",
        arguments: [-50.0, 0, 69, 71, 13_100, 13_250, 13_279, 9e9])
    func snapPolicy(offset: Double) {
        let rest = GridSnap.restingOffset(near: offset, in: Self.geometry)
        #expect(GridSnap.isResting(rest, in: Self.geometry))
        #expect(abs(rest - Self.geometry.clamped(offset)) <= Self.geometry.rowPitch / 2)
    }

    @Test("random drags, flings and presses keep the offset finite and every rest on a row")
    func randomSequences() {
        var random = SplitMix(seed: 20)
        for _ in 0..<200 {
            var scroller = GridScroller(geometry: Self.geometry, offset: random.next(in: 0...14_000))
            var time = 0.0
            for _ in 0..<12 {
                time += random.next(in: 0.001...0.4)
                switch Int(random.next(in: 0...3.999)) {
                case 0: scroller.press(y: random.next(in: -100...900), at: time)
                case 1: scroller.drag(y: random.next(in: -5000...5000), at: time)
                case 2: scroller.release(at: time)
                default: scroller.scroll(to: Self.geometry.offset(ofRow: Int(random.next(in: -5...120))), at: time)
                }
                #expect(scroller.offset(at: time).isFinite)
            }
            scroller.release(at: time)
            time += 30
            scroller.advance(to: time)
            #expect(!scroller.isAnimating(at: time))
            #expect(GridSnap.isResting(scroller.offset(at: time), in: Self.geometry, tolerance: 0.5))
        }
    }
}

/// A small deterministic generator for the random sequences (SplitMix64).
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(in range: ClosedRange<Double>) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return range.lowerBound + (range.upperBound - range.lowerBound) * Double(z >> 11) / Double(1 << 53)
    }
}
