import PagerEngine
import Testing

@Suite("ResidencyTracker")
struct ResidencyTrackerTests {
    /// The pager's state in one frame: logical position (pages) and velocity (pages per second).
    typealias Frame = (position: Double, velocity: Double)

    /// Feeds `frames` to a fresh tracker and returns the plans it made, with the frame index of each.
    private func plans(
        _ frames: [Frame], pageCount: Int, wraps: Bool, tracker: ResidencyTracker = ResidencyTracker()
    ) -> [(frame: Int, required: [Int])] {
        var tracker = tracker
        return frames.enumerated().compactMap { index, frame in
            tracker.update(
                logicalPosition: frame.position, velocity: frame.velocity, pageCount: pageCount, wraps: wraps
            ).map { (frame: index, required: $0.required.map(\.rawValue)) }
        }
    }

    @Test("the first update plans; sub-page motion over many frames plans nothing more", arguments: [false, true])
    func subPageMotion(wraps: Bool) {
        // 120 frames creeping forward from page 3 to just short of the half-page boundary.
        let frames: [Frame] = (0..<120).map { (3 + 0.45 * Double($0) / 119, 0.8) }
        let made = plans(frames, pageCount: 10, wraps: wraps)
        #expect(made.count == 1)
        #expect(made.first?.frame == 0)
        #expect(made.first?.required == [3, 4, 2, 5, 6])
    }

    @Test("a swipe across pages plans once per page crossed", arguments: [1, 2, 5])
    func crossings(pages: Int) {
        let frameCount = 40 * pages
        let frames: [Frame] = (0...frameCount).map { (1 + Double(pages) * Double($0) / Double(frameCount), 3.0) }
        let made = plans(frames, pageCount: 20, wraps: false)
        #expect(made.map(\.required.first) == Array(1...(1 + pages)))
        #expect(made.dropFirst().allSatisfy { $0.required.count == 5 && $0.required[1] == $0.required[0] + 1 })
    }

    @Test("a reversal plans at once with the prefetch behind; a settling spring's slow swing back does not")
    func reversal() {
        let made = plans(
            [(3.2, 2), (3.1, -2), (3.05, -1), (3.0, 0.02), (3.0, -0.02), (3.0, 0)], pageCount: 10, wraps: false)
        #expect(made.map(\.frame) == [0, 1])
        #expect(made.map(\.required) == [[3, 4, 2, 5, 6], [3, 2, 4, 1, 0]])
    }

    @Test("slow motion takes its direction from the page crossed")
    func slowCrossing() {
        let made = plans([(5.0, 0), (4.3, -0.01), (3.8, -0.01)], pageCount: 10, wraps: false)
        #expect(made.map(\.required) == [[5, 6, 4], [4, 3, 5, 2, 1]])
    }

    @Test("a finger resting on a half-page boundary does not flip the page", arguments: [0.0, 0.05])
    func hysteresis(speed: Double) {
        let frames: [Frame] = (0..<60).map { (2.5 + ($0 % 2 == 0 ? 0.04 : -0.04), speed) }
        #expect(plans(frames, pageCount: 10, wraps: false).count == 1)
    }

    @Test("in a loop the page wraps and the prefetch runs on past the end")
    func wraps() {
        let frames: [Frame] = (0...30).map { (WrapMath.wrap(9.0 + Double($0) / 20, count: 10), 2.0) }
        let made = plans(frames, pageCount: 10, wraps: true)
        #expect(made.map(\.required) == [[9, 0, 8, 1, 2], [0, 1, 9, 2, 3]])
    }

    @Test("N = 1, 2, 3 loops: every plan is in range and without duplicates", arguments: [1, 2, 3])
    func tinyLoops(pageCount: Int) {
        let frames: [Frame] = (0...200).map {
            (WrapMath.wrap(Double($0) * 0.07, count: pageCount), $0 < 100 ? 4.0 : -4.0)
        }
        for plan in plans(frames, pageCount: pageCount, wraps: true) {
            #expect(Set(plan.required) == Set(0..<pageCount))
            #expect(plan.required.count == pageCount)
        }
    }

    @Test("a feed append re-plans at once: the prefetch grows into the new pages")
    func pageCountChange() {
        var tracker = ResidencyTracker()
        #expect(tracker.update(logicalPosition: 4, velocity: 1, pageCount: 5, wraps: false)?.required == [4, 3])
        #expect(tracker.update(logicalPosition: 4, velocity: 1, pageCount: 5, wraps: false) == nil)
        let grown = tracker.update(logicalPosition: 4, velocity: 1, pageCount: 8, wraps: false)
        #expect(grown?.required == [4, 5, 3, 6, 7])
    }

    @Test("nothing to plan without pages or with a nonsense position", arguments: [Double.nan, .infinity, 1e300])
    func degenerate(position: Double) {
        var tracker = ResidencyTracker()
        #expect(tracker.update(logicalPosition: position, velocity: 1, pageCount: 5, wraps: true) == nil)
        #expect(tracker.update(logicalPosition: 1, velocity: 1, pageCount: 0, wraps: true) == nil)
    }
}
