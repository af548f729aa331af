/// How the on-canvas information ("3 / 12 — name · mode") fades: fully shown for a moment after a page change or a
/// mode switch, then faded out, about 1.5 s in all. A pure function of the time since it was shown.
public enum InfoFade {
    /// Seconds fully shown.
    public static let hold = 1.2
    /// Seconds of fading out after that.
    public static let fade = 0.3

    /// Opacity in [0, 1] at `elapsed` seconds after being shown.
    public static func opacity(after elapsed: Double) -> Double {
        if elapsed < 0 { return 0 }
        if elapsed <= hold { return 1 }
        return max(0, 1 - (elapsed - hold) / fade)
    }

    /// Whether it is fading (frames must follow) at `elapsed`.
    public static func isFading(after elapsed: Double) -> Bool {
        elapsed > hold && elapsed < hold + fade
    }
}
