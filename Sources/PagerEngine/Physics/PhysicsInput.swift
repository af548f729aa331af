/// Sanitising of the numbers the closed-form simulations accept, so that every output stays finite.
enum PhysicsInput {
    /// `time` as an elapsed time: NaN and negative times read as the start (0); +∞ stays +∞, which
    /// callers treat as "long after the motion ended".
    static func elapsed(_ time: Double) -> Double {
        time > 0 ? time : 0
    }

    /// `value` when it is finite, otherwise `fallback`.
    static func finite(_ value: Double, or fallback: Double) -> Double {
        value.isFinite ? value : fallback
    }
}
