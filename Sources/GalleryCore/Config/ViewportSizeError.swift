/// Why a size such as "1280x720" was refused; each case keeps the text the user typed.
public enum ViewportSizeError: Error, Equatable, Sendable {
    /// Not two whole numbers separated by `x`.
    case malformed(text: String)
    /// A side is zero.
    case tooSmall(text: String)
    /// A side is above `ViewportSize.dimensionRange.upperBound`.
    case tooLarge(text: String)

    /// The same error about different text.
    func replacingText(with text: String) -> ViewportSizeError {
        switch self {
        case .malformed: .malformed(text: text)
        case .tooSmall: .tooSmall(text: text)
        case .tooLarge: .tooLarge(text: text)
        }
    }
}

extension ViewportSizeError: CustomStringConvertible {
    /// The error as a user reads it, naming the text and the accepted form.
    public var description: String {
        let range = ViewportSize.dimensionRange
        return switch self {
        case .malformed(let text):
            "invalid size \"\(text)\": expected WIDTHxHEIGHT in pixels, like 1280x720"
        case .tooSmall(let text):
            "invalid size \"\(text)\": width and height must be at least \(range.lowerBound) pixel"
        case .tooLarge(let text):
            "invalid size \"\(text)\": width and height may be at most \(range.upperBound) pixels"
        }
    }
}
