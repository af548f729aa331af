/// Turns the pager's motion into residency plans, only when a decision changes (at whole-page crossings, not every
/// frame).
///
/// A new plan comes on the first update, when the current page changes, when the direction of travel changes, and
/// when the page count or looping changes (a feed append). The current page follows the nearest page with a little
/// hysteresis, so a finger resting on a half-page boundary does not flip it frame after frame.
public struct ResidencyTracker: Sendable {
    /// What the plans require.
    public let policy: ResidencyPolicy
    /// The slowest speed, in pages per second, that counts as travel; slower motion keeps the last direction.
    public let minimumSpeed: Double
    /// How far past the half-page boundary, in pages, the position must go before the current page changes.
    public let hysteresis: Double
    /// The inputs of the last plan; `nil` before the first update.
    private var planned: PlanInputs?

    /// Creates a tracker.
    ///
    /// - Parameters:
    ///   - minimumSpeed: 0.25 page/s is about UIKit's 300 px/s fling threshold on a 1280 px page, and well above
    ///     the settle spring's overshoot, which swings back at under 0.03 page/s there (docs/PHYSICS.md,
    ///     the settle spring after an 8000 px/s release), so a settling page never reads as a reversal.
    ///   - hysteresis: 0.1 page is far more than a resting finger's jitter of a few pixels.
    public init(policy: ResidencyPolicy = ResidencyPolicy(), minimumSpeed: Double = 0.25, hysteresis: Double = 0.1) {
        self.policy = policy
        self.minimumSpeed = minimumSpeed
        self.hysteresis = hysteresis
    }

    /// A new plan when a decision changed since the last one, `nil` otherwise.
    ///
    /// - Parameters:
    ///   - logicalPosition: the pager's logical position, in pages (reduced into `[0, N)` in loops).
    ///   - velocity: its rate, in pages per second; only its sign matters once it is above `minimumSpeed`.
    ///   - pageCount: N; nothing is planned while it is 0.
    ///   - wraps: whether the pages loop.
    public mutating func update(
        logicalPosition: Double, velocity: Double, pageCount: Int, wraps: Bool
    ) -> ResidencyPlan<PageIndex>? {
        guard pageCount > 0, logicalPosition.magnitude < 0x1p52 else { return nil }
        let nearest = Int(saturating: (logicalPosition + 0.5).rounded(.down))
        let nearestPage = wraps ? WrapMath.wrap(nearest, count: pageCount) : min(max(nearest, 0), pageCount - 1)

        var centre = nearestPage
        var direction = planned?.direction ?? 0
        if let planned, (0..<pageCount).contains(planned.centre) {
            var offset = logicalPosition - Double(planned.centre)
            if wraps {
                offset -= Double(pageCount) * (offset / Double(pageCount)).rounded()
            }
            centre = offset.magnitude > 0.5 + hysteresis ? nearestPage : planned.centre
            if centre != planned.centre {
                let step =
                    wraps
                    ? WrapMath.shortestDelta(from: planned.centre, to: centre, count: pageCount)
                    : centre - planned.centre
                direction = step.signum()
            }
        }
        if velocity.magnitude >= minimumSpeed {
            direction = velocity > 0 ? 1 : -1
        }

        let inputs = PlanInputs(centre: centre, direction: direction, pageCount: pageCount, wraps: wraps)
        guard inputs != planned else { return nil }
        planned = inputs
        return policy.plan(centre: centre, direction: direction, pageCount: pageCount, wraps: wraps)
    }

    /// What a plan was made from; an equal set of inputs makes an equal plan.
    private struct PlanInputs: Equatable, Sendable {
        var centre: Int
        var direction: Int
        var pageCount: Int
        var wraps: Bool
    }
}
