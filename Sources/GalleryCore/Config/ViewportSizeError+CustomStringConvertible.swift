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
