import GalleryCore
import Testing

@Suite("Wheel steps")
struct WheelStepsTests {
    /// The pages turned by a sequence of (dx, dy) events: forward positive.
    static func pages(_ events: [(Double, Double)]) -> [Int] {
        var wheel = WheelSteps()
        return events.map { dx, dy in
            guard let turn = wheel.add(dx: dx, dy: dy) else { return 0 }
            return turn.command == .next ? turn.count : -turn.count
        }
    }

    @Test(
        "notches and fractions turn whole pages",
        arguments: [
            ([(0.0, -1.0)], [1]),
            ([(0.0, 1.0)], [-1]),
            ([(1.0, 0.0), (-1.0, 0.0)], [1, -1]),
            ([(0.0, -3.0)], [3]),
            ([(0.0, -0.4), (0.0, -0.4), (0.0, -0.4)], [0, 0, 1]),
            // A reversal drops the pending fraction.
            ([(0.0, -0.6), (0.0, 0.3), (0.0, 0.3), (0.0, 0.5)], [0, 0, 0, -1]),
            ([(2.0, -1.0)], [2]),  // The larger axis wins.
            ([(0.0, 0.0)], [0]),
        ])
    func turns(events: [(Double, Double)], expected: [Int]) {
        #expect(Self.pages(events) == expected)
    }

    @Test(
        "any delta turns at most maximumStepsPerEvent pages, in constant time",
        arguments: [
            -1e300, -1e19, -1e10, -1e8, -17.0, 17.0, 1e8, 1e10, 1e19, 1e300, Double.greatestFiniteMagnitude,
        ])
    func bounded(dy: Double) {
        let limit = WheelSteps.maximumStepsPerEvent
        #expect(Self.pages([(0, dy)]) == [dy < 0 ? limit : -limit])
        // Nothing of the excess is kept: the next small motion behaves as from rest.
        #expect(Self.pages([(0, dy), (0, dy < 0 ? -0.5 : 0.5)]) == [dy < 0 ? limit : -limit, 0])
    }

    @Test("non-finite deltas are ignored", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        #expect(Self.pages([(0, value), (value, 0), (0, -1)]) == [0, 0, 1])
    }
}
