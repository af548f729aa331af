/// Modular arithmetic for looping strips: logical indices, reduced positions, shortest jumps (iCarousel).
public enum WrapMath {
    /// `index` reduced into `0..<count`, for negative indices too: `((i % n) + n) % n`.
    public static func wrap(_ index: Int, count: Int) -> Int {
        precondition(count > 0, "a loop needs at least one page")
        return ((index % count) + count) % count
    }

    /// `position` reduced into `[0, count)`; never returns `count` itself, nor `-0.0`. Non-finite input gives NaN.
    public static func wrap(_ position: Double, count: Int) -> Double {
        precondition(count > 0, "a loop needs at least one page")
        guard position.isFinite else { return .nan }
        let period = Double(count)
        // `truncatingRemainder` is exact; only adding the period back can round up to the period itself.
        var reduced = position.truncatingRemainder(dividingBy: period)
        if reduced < 0 {
            reduced += period
        }
        // `-0.0` and a sum rounded up to the period both mean the start of the loop.
        return reduced == 0 || reduced == period ? 0 : reduced
    }

    /// The signed number of pages from `start` to `end` the shorter way round; a tie (half the loop) goes forward.
    public static func shortestDelta(from start: Int, to end: Int, count: Int) -> Int {
        let forward = wrap(wrap(end, count: count) - wrap(start, count: count), count: count)
        return 2 * forward > count ? forward - count : forward
    }

    /// The whole number of periods to add to `position` to bring it into `lower ..< lower + period`.
    ///
    /// `nil` when the position is not finite or too large for a `Double` to resolve whole slots (beyond 2⁵²).
    package static func periodsToAdd(toBring position: Double, into lower: Double, period: Int) -> Int? {
        guard position.magnitude < 0x1p52 else { return nil }
        return -Int(saturating: ((position - lower) / Double(period)).rounded(.down))
    }
}
