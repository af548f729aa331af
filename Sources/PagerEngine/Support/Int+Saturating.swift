extension Int {
    /// The largest magnitude `init(saturating:)` gives: doubles are exact integers up to here.
    static let saturationLimit = 1 << 53

    /// `value` (already rounded) as an integer that never traps: NaN becomes 0 and magnitudes beyond 2^53 stop there.
    ///
    /// Positions come from input (drag coordinates, wheel deltas, sizes); input is bounded where it is read, and this
    /// keeps a Double that still runs away from trapping where it becomes a slot or page number.
    init(saturating value: Double) {
        let limit = Double(Int.saturationLimit)
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value, -limit), limit))
    }
}
