import GalleryCore

extension SplitMix64 {
    /// True with `probability`, for the soak's script generator.
    mutating func nextBool(probability: Double = 0.5) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}
