/// A small, seeded random number generator (SplitMix64), so property tests replay the same inputs.
struct PhysicsSeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Comparisons against reference values quoted to a number of decimal places.
enum PhysicsReference {
    /// Whether `value` rounds to `reference` when both are given to `places` decimals.
    static func rounds(_ value: Double, to reference: Double, places: Int) -> Bool {
        var halfUnit = 0.5
        for _ in 0..<places { halfUnit /= 10 }
        return abs(value - reference) <= halfUnit
    }

    /// Whether `value` is within `relative` of `reference`, relative to the larger magnitude (at least 1).
    static func isClose(_ value: Double, _ reference: Double, relative: Double) -> Bool {
        abs(value - reference) <= relative * Swift.max(1, abs(value), abs(reference))
    }
}
