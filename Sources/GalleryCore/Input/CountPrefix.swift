/// nsxiv's count prefix: digits typed before `g`, `G` or Enter name a photo ("12 G" goes to photo 12). Digits are
/// never anything else: the modes have keys of their own (F2 … F7), so a digit never waits to find out what it meant.
public struct CountPrefix: Equatable, Sendable {
    /// Seconds after the last digit before a number is forgotten.
    public static let timeout = 2.0
    /// Digits beyond this many are ignored (no gallery has 10^9 photos to name).
    public static let maxDigits = 9

    /// The number typed so far, if any.
    public private(set) var value: Int?
    /// How many digits were typed.
    private var digits = 0
    private var lastDigitTime = 0.0

    /// An empty prefix.
    public init() {}

    /// Adds a digit typed at `time`.
    public mutating func add(digit: Int, at time: Double) {
        lastDigitTime = time
        guard let current = value else {
            value = digit
            digits = 1
            return
        }
        if digits < Self.maxDigits {
            value = current * 10 + digit
            digits += 1
        }
    }

    /// When the number is forgotten unless a count key comes first.
    public var deadline: Double? {
        value == nil ? nil : lastDigitTime + Self.timeout
    }

    /// Moves the prefix to `time`: forgets a number after `timeout`. Returns whether it did.
    @discardableResult
    public mutating func expire(at time: Double) -> Bool {
        guard let deadline, time >= deadline else { return false }
        clear()
        return true
    }

    /// Takes the number at `time` for a count key (nil when none is pending), clearing the prefix.
    public mutating func take(at time: Double) -> Int? {
        expire(at: time)
        defer { clear() }
        return value
    }

    /// Forgets the number.
    public mutating func clear() {
        value = nil
        digits = 0
    }
}
