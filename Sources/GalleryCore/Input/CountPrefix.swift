import PagerEngine

/// nsxiv's count prefix: digits typed before `G` or Enter name a photo. Digits are also the mode keys and still
/// switch the mode at once (a switch keeps the photo); when the number is used, the mode shown before its first
/// digit is restored.
public struct CountPrefix: Equatable, Sendable {
    /// Seconds after the last digit before a number is forgotten.
    public static let timeout = 2.0
    /// Digits beyond this many are ignored (no gallery has 10^9 photos to name).
    public static let maxDigits = 9

    /// The number typed so far, if any.
    public private(set) var value: Int?
    /// The mode shown before the first digit switched it, to restore when the number is used.
    public private(set) var modeBefore: TopologyKind?
    private var lastDigitTime = 0.0

    /// An empty prefix.
    public init() {}

    /// Adds a digit typed at `time` while `mode` shows (before the digit's own mode switch).
    public mutating func add(digit: Int, at time: Double, mode: TopologyKind) {
        if value != nil, time - lastDigitTime > Self.timeout { clear() }
        lastDigitTime = time
        guard let current = value else {
            value = digit
            modeBefore = mode
            return
        }
        if String(current).count < Self.maxDigits { value = current * 10 + digit }
    }

    /// Takes the number at `time` (nil when none is pending or it timed out), clearing the prefix.
    public mutating func take(at time: Double) -> (number: Int, modeBefore: TopologyKind)? {
        defer { clear() }
        guard let value, let modeBefore, time - lastDigitTime <= Self.timeout else { return nil }
        return (value, modeBefore)
    }

    /// Forgets the number (any other key).
    public mutating func clear() {
        value = nil
        modeBefore = nil
    }
}
