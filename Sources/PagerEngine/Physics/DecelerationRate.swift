/// How fast a free scroll slows down: the fraction of its velocity kept per millisecond (UIKit `decelerationRate`).
public struct DecelerationRate: Equatable, Sendable {
    /// The velocity kept after one millisecond, in (0, 1).
    public var perMillisecond: Double

    /// Creates a rate from the velocity fraction kept per millisecond.
    public init(perMillisecond: Double) {
        self.perMillisecond = perMillisecond
    }

    /// UIKit `UIScrollView.DecelerationRate.normal` (0.998 per ms).
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// UIKit `UIScrollView.DecelerationRate.fast` (0.99 per ms).
    public static let fast = DecelerationRate(perMillisecond: 0.99)
}
