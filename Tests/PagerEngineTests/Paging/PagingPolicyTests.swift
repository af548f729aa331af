import PagerEngine
import Testing

@Suite("Paging policy")
struct PagingPolicyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var position: Double
        var velocity: Double
        var distance: Double
        var anchor: Int
        var interrupted: Int?
        var expected: Int
        var testDescription: String { "p=\(position) v=\(velocity) d=\(distance) anchor=\(anchor) → \(expected)" }
    }

    @Test(
        "Fling thresholds on both sides, nearest page otherwise",
        arguments: [
            // Not a fling: nearest page, floor(p + 0.5).
            Case(position: 0.30, velocity: 0, distance: 384, anchor: 0, expected: 0),
            Case(position: 0.49, velocity: 0, distance: 627, anchor: 0, expected: 0),
            Case(position: 0.50, velocity: 0, distance: 640, anchor: 0, expected: 1),
            Case(position: -0.51, velocity: 0, distance: 653, anchor: 0, expected: -1),
            // Velocity just under 300 px/s: not a fling.
            Case(position: 0.2, velocity: 299.9, distance: 256, anchor: 0, expected: 0),
            Case(position: 0.2, velocity: 300, distance: 256, anchor: 0, expected: 1),
            Case(position: -0.2, velocity: -299.9, distance: 256, anchor: 0, expected: 0),
            Case(position: -0.2, velocity: -300, distance: 256, anchor: 0, expected: -1),
            // Distance just under 18 px: not a fling, whatever the speed.
            Case(position: 0.014, velocity: 5000, distance: 17.9, anchor: 0, expected: 0),
            Case(position: 0.015, velocity: 5000, distance: 18, anchor: 0, expected: 1),
            // A fling goes at most one page from where the drag began.
            Case(position: 0.9, velocity: 8000, distance: 1152, anchor: 0, expected: 1),
            Case(position: 2.4, velocity: 8000, distance: 3072, anchor: 0, expected: 2),
            // A fling against the drag goes back.
            Case(position: 0.7, velocity: -400, distance: 896, anchor: 0, expected: 0),
            // A second flick in the direction of the settle it caught adds a page.
            Case(position: 0.6, velocity: 900, distance: 60, anchor: 1, interrupted: 1, expected: 2),
            Case(position: 0.6, velocity: -900, distance: 60, anchor: 1, interrupted: 1, expected: 0),
            Case(position: 3.4, velocity: -900, distance: 60, anchor: 3, interrupted: -1, expected: 2),
        ])
    func targetSlot(_ c: Case) {
        let slot = PagingPolicy.standard.targetSlot(
            position: c.position, velocity: c.velocity, dragDistance: c.distance, anchor: c.anchor,
            interruptedDirection: c.interrupted)
        #expect(slot == c.expected)
    }
}
