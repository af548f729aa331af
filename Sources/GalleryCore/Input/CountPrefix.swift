/// nsxiv's count prefix: digits typed before `g`, `G` or Enter name a photo. Digits are also the mode keys, so a
/// digit switches the mode only once it is clear it was not the start of a number: when another key that is not a
/// digit or a count key follows, or after `modeDelay` without one (issue 19, item 7). Two digits or more are a number,
/// never a mode switch.
public struct CountPrefix: Equatable, Sendable {
    /// Seconds after the last digit before a number is forgotten.
    public static let timeout = 2.0
    /// Seconds a lone digit waits for a second digit or a count key before it switches the mode.
    // Origin: about a double-click interval (GTK's default 400 ms, Windows' 500 ms): typing "3 G" fits well within
    // it, and a mode key still answers within half a second.
    public static let modeDelay = 0.5
    /// Digits beyond this many are ignored (no gallery has 10^9 photos to name).
    public static let maxDigits = 9

    /// The number typed so far, if any.
    public private(set) var value: Int?
    /// How many digits were typed.
    private var digits = 0
    /// The command of the first digit (its mode), while it is the only digit.
    public private(set) var pendingCommand: GalleryCommand?
    private var lastDigitTime = 0.0

    /// An empty prefix.
    public init() {}

    /// Adds a digit typed at `time`, `command` being its own command (a mode key).
    public mutating func add(digit: Int, command: GalleryCommand?, at time: Double) {
        guard let current = value else {
            value = digit
            digits = 1
            pendingCommand = command
            lastDigitTime = time
            return
        }
        lastDigitTime = time
        pendingCommand = nil  // Two digits are a number.
        if digits < Self.maxDigits {
            value = current * 10 + digit
            digits += 1
        }
    }

    /// When the prefix changes by itself: a lone mode digit's switch, or a number forgotten.
    public var deadline: Double? {
        guard value != nil else { return nil }
        return lastDigitTime + (pendingCommand != nil ? Self.modeDelay : Self.timeout)
    }

    /// Moves the prefix to `time`: returns a lone digit's command once `modeDelay` passed; forgets a number after
    /// `timeout`.
    public mutating func expire(at time: Double) -> GalleryCommand? {
        guard let deadline, time >= deadline else { return nil }
        defer { clear() }
        return pendingCommand
    }

    /// Takes the number at `time` for a count key (nil when none is pending), clearing the prefix.
    public mutating func take(at time: Double) -> Int? {
        _ = expire(at: time)
        defer { clear() }
        return value
    }

    /// Another key came: the prefix is forgotten, and a lone digit's command returned to run first.
    public mutating func interrupt() -> GalleryCommand? {
        defer { clear() }
        return pendingCommand
    }

    /// Forgets the number.
    public mutating func clear() {
        value = nil
        digits = 0
        pendingCommand = nil
    }
}
