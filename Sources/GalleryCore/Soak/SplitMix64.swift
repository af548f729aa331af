/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64), so that a soak seed
/// replays the same script on every machine and Swift version (`SystemRandomNumberGenerator` cannot be seeded).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence for `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// True with `probability`.
    mutating func nextBool(probability: Double = 0.5) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}
