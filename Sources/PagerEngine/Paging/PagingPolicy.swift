/// Which slot a release settles on: a tiny pure function of where the drag ended and how fast it moved.
public struct PagingPolicy: Equatable, Sendable {
    /// Slowest release that still counts as a fling, in px/s (UIKit paging threshold).
    public var minimumFlingVelocity: Double
    /// Shortest drag that may fling, in px (Flutter `kMinFlingDistance`).
    public var minimumFlingDistance: Double

    /// Creates a policy.
    public init(minimumFlingVelocity: Double = 300, minimumFlingDistance: Double = 18) {
        self.minimumFlingVelocity = minimumFlingVelocity
        self.minimumFlingDistance = minimumFlingDistance
    }

    /// The design's constants.
    public static let standard = PagingPolicy()

    /// Whether a release at `velocity` after a drag of `dragDistance` pixels is a fling.
    public func isFling(velocity: Double, dragDistance: Double) -> Bool {
        abs(velocity) >= minimumFlingVelocity && abs(dragDistance) >= minimumFlingDistance
    }

    /// The slot to settle on.
    ///
    /// - Parameters:
    ///   - position: where the content rests now, in slots.
    ///   - velocity: the content's release velocity in px/s (positive moves toward later slots).
    ///   - dragDistance: how far the drag moved the content, in px.
    ///   - anchor: the slot the gesture began on (the settle target when it caught a settling pager).
    ///   - interruptedDirection: the direction (−1 or +1) of the settle this gesture interrupted, if any.
    /// - Returns: fling: the next (ceil) or previous (floor) slot, at most one from `anchor`, and one further
    ///   when the fling repeats the direction of the interrupted settle; otherwise the nearest slot.
    public func targetSlot(
        position: Double, velocity: Double, dragDistance: Double, anchor: Int, interruptedDirection: Int? = nil
    ) -> Int {
        let nearest = Int(saturating: (position + 0.5).rounded(.down))
        guard isFling(velocity: velocity, dragDistance: dragDistance) else { return nearest }
        let direction = velocity > 0 ? 1 : -1
        if let interruptedDirection, interruptedDirection == direction {
            return anchor + direction
        }
        if direction > 0 {
            let next = Int(saturating: position.rounded(.up))
            return min(next, max(anchor + 1, nearest))
        } else {
            let previous = Int(saturating: position.rounded(.down))
            return max(previous, min(anchor - 1, nearest))
        }
    }
}
