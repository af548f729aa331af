import Support

/// The range every number in a script must lie in, so that no input can trap, allocate without bound or
/// spin for hours (docs/FORMATS.md lists them).
public enum ScriptLimits {
    /// `t`, in seconds: up to about 115 days, far beyond any useful script; idle spans cost nothing headless.
    public static let time: ClosedRange<Double> = 0...10_000_000
    /// `x` and `y` of `down`, `move` and `up`, in pixels: off-window drags are allowed, within reason.
    public static let coordinate: ClosedRange<Double> = -1_000_000...1_000_000
    /// `dx` and `dy` of `wheel`, in notches: a mouse reports ±1 per notch, a fast touchpad a few.
    public static let wheelDelta: ClosedRange<Double> = -1_000...1_000
    /// `scale` of a touchpad's `pinch`: a spread of its first, as a compositor bounds it (100 times either way).
    public static let pinchSpread: ClosedRange<Double> = 0.01...100
    /// The largest script file read, in bytes: about a million events.
    public static let fileBytes = 64 * 1024 * 1024

    /// Why `value` of `field` is refused, or nil when it lies in `range`.
    static func problem(field: String, value: Double, range: ClosedRange<Double>, unit: String) -> ScriptError.Problem?
    {
        guard !range.contains(value) else { return nil }
        let lower = DecimalText.trimmed(range.lowerBound, maximumPlaces: 6)
        let upper = DecimalText.trimmed(range.upperBound, maximumPlaces: 6)
        return .invalidValue(field: field, reason: "must be between \(lower) and \(upper) \(unit), found \(value)")
    }
}
