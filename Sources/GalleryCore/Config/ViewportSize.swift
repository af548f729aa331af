/// A window or render-target size in pixels, as given by `--size 1280x720`.
public struct ViewportSize: Hashable, Sendable {
    /// The sizes accepted for each side (`--size`, a script's `resize`): 8192, half of SDL2's common 16384 texture
    /// limit, so a whole frame (256 MiB at 8192²) and any one texture fit the renderer and the memory budgets; a
    /// fixed number because the software renderer reports no limit (0) and scripts are checked before any renderer
    /// exists.
    public static let dimensionRange = 1...8_192

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size, checking both sides against `dimensionRange`.
    public init(width: Int, height: Int) throws(ViewportSizeError) {
        let text = "\(width)x\(height)"
        if width < Self.dimensionRange.lowerBound || height < Self.dimensionRange.lowerBound {
            throw .tooSmall(text: text)
        }
        if width > Self.dimensionRange.upperBound || height > Self.dimensionRange.upperBound {
            throw .tooLarge(text: text)
        }
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT` (or `X`), e.g. "1280x720"; surrounding spaces are allowed, signs and decimals are not.
    public init(parsing text: String) throws(ViewportSizeError) {
        let sides = text.trimmingCharacters(equalTo: " ").split(
            omittingEmptySubsequences: false,
            whereSeparator: { $0 == "x" || $0 == "X" }
        )
        guard sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }) else {
            throw .malformed(text: text)
        }
        // Leading zeros are harmless; more than five significant digits is beyond any limit and beyond Int parsing.
        let values = sides.map { side in
            let significant = side.drop(while: { $0 == "0" })
            return significant.count > 5 ? Int.max : Int(significant) ?? 0
        }
        do {
            try self.init(width: values[0], height: values[1])
        } catch {
            // Report the user's own text, not the normalised numbers.
            throw error.replacingText(with: text)
        }
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}

private extension String {
    func trimmingCharacters(equalTo character: Character) -> Substring {
        var trimmed = self[...]
        while trimmed.first == character { trimmed.removeFirst() }
        while trimmed.last == character { trimmed.removeLast() }
        return trimmed
    }
}

extension ViewportSize: CustomStringConvertible {
    /// The size as `--size` takes it, e.g. "1280x720".
    public var description: String { "\(width)x\(height)" }
}
