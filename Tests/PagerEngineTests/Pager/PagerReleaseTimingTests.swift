import PagerEngine
import Testing

/// Drags whose samples all move one way, timed as X servers and busy machines deliver them: whatever the gaps between
/// the samples, the release keeps the drag's direction, and the page turns exactly once when the drag passed halfway
/// or flicked over the threshold.
@Suite("Pager release timing")
struct PagerReleaseTimingTests {
    /// One randomly timed drag of a 1280 px page: the pointer moves `direction` only.
    struct TimedDrag: CustomStringConvertible {
        var direction: Double
        /// Times and pointer positions of the press, the moves and the release.
        var samples: [(time: Double, x: Double)]

        var description: String {
            samples.map { "(\($0.time), \($0.x))" }.joined(separator: " ")
        }

        /// 1 to 12 moves, gaps of 1 to 40 ms in any order, steps of any size one way adding up to 5…1270 px, the
        /// release 0 to 10 ms after the last move.
        static func random(using random: inout PhysicsSeededGenerator) -> TimedDrag {
            let direction: Double = Bool.random(using: &random) ? 1 : -1
            let moves = Int.random(in: 1...12, using: &random)
            let steps = (0..<moves).map { _ in Double.random(in: 0.01...1, using: &random) }
            let distance = Double.random(in: 5...1270, using: &random)
            let scale = distance / steps.reduce(0, +)
            var time = Double.random(in: 0.1...1, using: &random)
            var x: Double = direction < 0 ? 1275 : 5
            var samples = [(time: time, x: x)]
            for step in steps {
                time += Double(Int.random(in: 1...40, using: &random)) / 1000
                x += direction * step * scale
                samples.append((time, x))
            }
            time += Double(Int.random(in: 0...10, using: &random)) / 1000
            samples.append((time, x))
            return TimedDrag(direction: direction, samples: samples)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func aOneWayDragNeverReleasesBackwardsNorLosesOrSkipsAPage(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        for _ in 0..<1_000 {
            let drag = TimedDrag.random(using: &random)
            var pager = Pager.make(.bounded, pages: 5, startPage: 2)
            var tracker = VelocityTracker()
            for (index, sample) in drag.samples.enumerated() {
                let input: PagerInput =
                    switch index {
                    case 0: .pointerDown(x: sample.x, y: 360)
                    case drag.samples.count - 1: .pointerUp(x: sample.x, y: 360)
                    default: .pointerMove(x: sample.x, y: 360)
                    }
                tracker.addSample(time: sample.time, position: sample.x)
                _ = pager.handle(input, at: sample.time)
            }
            let release = drag.samples[drag.samples.count - 1]
            let pointerVelocity = tracker.velocity(at: release.time)
            // Dragging left (pointer direction −1) moves the content toward later pages.
            let pages = -drag.direction
            let position = pager.slotPosition - 2
            let pastHalfway = position * pages > 0.5
            let flicked = PagingPolicy.standard.isFling(
                velocity: pointerVelocity, dragDistance: release.x - drag.samples[0].x)
            var time = release.time
            while pager.isAnimating, time < release.time + 5 {
                time += 1.0 / 60
                _ = pager.advance(to: time)
            }
            #expect(pointerVelocity * drag.direction >= 0, "\(drag)")
            #expect(pager.phase == .idle, "\(drag)")
            let turned = (pager.currentPage.rawValue - 2) * Int(pages)
            #expect(turned == 0 || turned == 1, "\(drag)")
            if pastHalfway || flicked {
                #expect(turned == 1, "released at \(position), \(pointerVelocity) px/s: \(drag)")
            }
        }
    }

    /// A fast 850 px drag whose second move came 29 ms after the first: released at 0.646 of a page, it turns it.
    @Test func anUnevenlyTimedFastDragTurnsThePage() {
        var pager = Pager.make(.bounded, pages: 5)
        _ = pager.handle(.pointerDown(x: 1100, y: 360), at: 0.5)
        _ = pager.handle(.pointerMove(x: 930, y: 360), at: 0.501)
        _ = pager.handle(.pointerMove(x: 250, y: 360), at: 0.530)
        _ = pager.handle(.pointerUp(x: 250, y: 360), at: 0.531)
        #expect(pager.velocity > 0)
        _ = pager.advance(to: 3)
        #expect(pager.currentPage == 1)
        #expect(pager.phase == .idle)
    }
}
