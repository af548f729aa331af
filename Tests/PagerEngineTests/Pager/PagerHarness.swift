import PagerEngine

/// One timestamped input of a scripted gesture.
struct TimedInput: Sendable {
    var time: Double
    var input: PagerInput
}

/// What one frame showed.
struct FrameSample: Sendable {
    var time: Double
    var offset: Double
    var slotPosition: Double
    var logicalPosition: Double
    /// The slot position with every re-base undone: where the content really is.
    var contentPosition: Double
    var page: Int
    var phase: PagerPhase
    var events: [PagerEvent]
}

/// Drives a pager the way the frame loop does: inputs apply at their own time, frames at a fixed rate.
struct PagerHarness {
    var pager: Pager
    var frames: [FrameSample] = []
    var events: [PagerEvent] = []
    var rebasedSlots = 0

    init(_ pager: Pager) { self.pager = pager }

    /// Runs inputs with frames at `fps` until `end`, or until idle after the last input (at most 10 s later).
    mutating func run(_ inputs: [TimedInput], fps: Double, end: Double? = nil) {
        var pending = inputs[...]
        let lastInput = inputs.last?.time ?? 0
        var frame = 1
        while true {
            let now = Double(frame) / fps
            var frameEvents: [PagerEvent] = []
            while let next = pending.first, next.time <= now {
                frameEvents += pager.handle(next.input, at: next.time)
                pending = pending.dropFirst()
            }
            frameEvents += pager.advance(to: now)
            events += frameEvents
            for case .rebased(let rebase) in frameEvents { rebasedSlots += rebase.shift }
            frames.append(
                FrameSample(
                    time: now, offset: pager.offset, slotPosition: pager.slotPosition,
                    logicalPosition: pager.logicalPosition,
                    contentPosition: pager.slotPosition - Double(rebasedSlots), page: pager.currentPage.rawValue,
                    phase: pager.phase,
                    events: frameEvents))
            frame += 1
            if let end {
                if now >= end { break }
            } else if pending.isEmpty, now >= lastInput, !pager.isAnimating, pager.phase != .dragging {
                break
            } else if now > lastInput + 10 {
                break
            }
        }
    }
}

/// Builders for gestures in window coordinates along x (or y for the wheel).
enum Gesture {
    /// A drag from `start` by `distance` px over `duration` seconds in `steps` moves, released at the end.
    static func drag(
        at time: Double, from start: Double = 640, by distance: Double, duration: Double, steps: Int = 12,
        vertical: Bool = false, release: Bool = true
    ) -> [TimedInput] {
        func point(_ value: Double) -> (Double, Double) { vertical ? (400, value) : (value, 360) }
        var inputs: [TimedInput] = []
        let (x0, y0) = point(start)
        inputs.append(TimedInput(time: time, input: .pointerDown(x: x0, y: y0)))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let (x, y) = point(start + distance * fraction)
            inputs.append(TimedInput(time: time + duration * fraction, input: .pointerMove(x: x, y: y)))
        }
        if release {
            let (x, y) = point(start + distance)
            inputs.append(TimedInput(time: time + duration, input: .pointerUp(x: x, y: y)))
        }
        return inputs
    }

    /// A drag held still for `hold` seconds before release (no fling).
    static func slowDrag(at time: Double, by distance: Double, hold: Double = 0.2) -> [TimedInput] {
        var inputs = drag(at: time, by: distance, duration: 0.5, steps: 30, release: false)
        let end = 640 + distance
        inputs.append(TimedInput(time: time + 0.5 + hold, input: .pointerUp(x: end, y: 360)))
        return inputs
    }

    static func key(_ command: PagerCommand, at time: Double) -> TimedInput {
        TimedInput(time: time, input: .command(command))
    }
}

extension Pager {
    /// A pager over one of the four horizontal topologies, at rest on `startPage`.
    static func make(_ kind: TopologyKind, pages: Int, startPage: Int = 0, width: Double = 1280, height: Double = 720)
        -> Pager
    {
        let viewport = Viewport(width: width, height: height)
        switch kind {
        case .bounded:
            return Pager(topology: BoundedTopology(pageCount: pages, startPage: startPage), viewport: viewport)
        case .endCaps:
            return Pager(topology: EndCapsTopology(pageCount: pages, startPage: startPage), viewport: viewport)
        case .threeSurfaces:
            return Pager(topology: ThreeSurfacesTopology(pageCount: pages, startPage: startPage), viewport: viewport)
        case .feed: return Pager(topology: FeedTopology(pageCount: pages, startPage: startPage), viewport: viewport)
        case .wheel: return Pager(topology: WheelTopology(rowCount: pages, startRow: startPage), viewport: viewport)
        }
    }
}

/// A small deterministic generator (SplitMix64) so random tests replay from their seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The shorter circular distance between two logical positions in a loop of `count` pages.
func circularDistance(_ a: Double, _ b: Double, count: Int) -> Double {
    let n = Double(count)
    var d = (b - a).truncatingRemainder(dividingBy: n)
    if d > n / 2 { d -= n }
    if d < -n / 2 { d += n }
    return abs(d)
}
