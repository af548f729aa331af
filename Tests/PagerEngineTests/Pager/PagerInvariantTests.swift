import PagerEngine
import Testing

/// Seeded random input sequences: drags, flings, keys and resizes over every topology and small N.
@Suite("Pager invariants")
struct PagerInvariantTests {
    static let kinds: [TopologyKind] = [.bounded, .endCaps, .threeSurfaces, .feed, .wheel]
    static let pageCounts = [1, 2, 3, 8]
    static let seeds: [UInt64] = Array(1...12)

    /// A random sequence of gestures. With `pressesAtRest`, every press comes after the pager rests, so the
    /// sequence means the same thing at any frame rate (a press catches what the last frame showed).
    static func randomInputs(seed: UInt64, vertical: Bool, pressesAtRest: Bool) -> [TimedInput] {
        var random = SeededGenerator(seed: seed)
        var inputs: [TimedInput] = []
        var time = 0.1
        let commands: [PagerCommand] = [.next, .previous, .first, .last, .goTo(page: 5), .goTo(page: -3)]
        for _ in 0..<14 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let distance = Double.random(in: -1500...1500, using: &random)
                let duration = Double.random(in: 0.02...0.6, using: &random)
                inputs += Gesture.drag(
                    at: time, from: 640, by: distance, duration: duration,
                    steps: Int.random(in: 2...20, using: &random), vertical: vertical)
                time += duration + (pressesAtRest ? 3 : Double.random(in: 0.05...0.8, using: &random))
            case 5..<8:
                let count = Int.random(in: 1...5, using: &random)
                for _ in 0..<count {
                    inputs.append(Gesture.key(commands.randomElement(using: &random)!, at: time))
                    time += Double.random(in: 0.0...0.1, using: &random)
                }
                time += pressesAtRest ? 3 : 0.2
            default:
                let size = Viewport(
                    width: Double.random(in: 200...2000, using: &random),
                    height: Double.random(in: 200...1400, using: &random))
                inputs.append(TimedInput(time: time, input: .resize(size)))
                time += Double.random(in: 0.01...0.3, using: &random)
            }
        }
        return inputs
    }

    @Test("Pages stay in range, positions finite and bounded, loops never jump", arguments: kinds, pageCounts)
    func invariants(kind: TopologyKind, pages: Int) {
        for seed in Self.seeds {
            var harness = PagerHarness(.make(kind, pages: pages))
            let inputs = Self.randomInputs(seed: seed, vertical: kind == .wheel, pressesAtRest: false)
            harness.run(inputs, fps: 60)
            var previous: FrameSample?
            for frame in harness.frames {
                let count = harness.pager.pageCount
                #expect((0..<count).contains(frame.page), "seed \(seed): page \(frame.page) of \(count)")
                #expect(frame.offset.isFinite && frame.logicalPosition.isFinite)
                let slots = Double(harness.pager.topology.slotCount)
                // A rubber band stretches at most one viewport: a page, or seven wheel rows.
                let stretch = kind == .wheel ? 8.0 : 1.5
                #expect(frame.slotPosition > -stretch && frame.slotPosition < slots + stretch, "seed \(seed)")
                let jumped = frame.events.contains { if case .jumped = $0 { true } else { false } }
                if kind != .bounded, kind != .feed, pages > 1, !jumped, let previous {
                    // Across re-bases the logical position moves exactly as far as the content does.
                    let logicalStep = frame.logicalPosition - previous.logicalPosition
                    let contentStep = frame.contentPosition - previous.contentPosition
                    let mismatch = circularDistance(logicalStep, contentStep, count: count)
                    #expect(
                        mismatch < 1e-6, "seed \(seed): content and page disagree by \(mismatch) at t = \(frame.time)")
                }
                previous = frame
            }
            #expect(harness.pager.phase == .idle, "seed \(seed) did not come to rest")
        }
    }

    @Test("The same input at 30, 60, 144 and 240 Hz ends on the same page within 0.5 px", arguments: kinds)
    func frameRateIndependence(kind: TopologyKind) {
        for seed in Self.seeds {
            let inputs = Self.randomInputs(seed: seed, vertical: kind == .wheel, pressesAtRest: true)
            var results: [(page: Int, position: Double, extent: Double)] = []
            for fps in [30.0, 60, 144, 240] {
                var harness = PagerHarness(.make(kind, pages: 8))
                harness.run(inputs, fps: fps)
                results.append(
                    (harness.pager.currentPage.rawValue, harness.pager.logicalPosition, harness.pager.extent))
            }
            for result in results.dropFirst() {
                #expect(result.page == results[0].page, "seed \(seed)")
                let pixels = circularDistance(result.position, results[0].position, count: 8) * result.extent
                #expect(pixels < 0.5, "seed \(seed): \(pixels) px apart")
            }
        }
    }
}
