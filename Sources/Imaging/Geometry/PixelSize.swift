/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Number of pixels covered (`width · height`), `Int.max` when that overflows: a size made from a hostile number
    /// cannot trap whoever counts its pixels.
    public var area: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : product
    }

    /// The largest size with this aspect ratio that fits inside `box`, rounded to whole pixels, at least 1×1.
    ///
    /// The side that limits the fit equals the box side exactly; the other is rounded to nearest. Integer arithmetic
    /// keeps the result identical on every platform, so the decoder and the drawing code always agree on it.
    /// Empty or negative sizes count as 1×1.
    public func fitted(inside box: PixelSize) -> PixelSize {
        let contentWidth = max(width, 1)
        let contentHeight = max(height, 1)
        let boxWidth = max(box.width, 1)
        let boxHeight = max(box.height, 1)
        // contentWidth / contentHeight >= boxWidth / boxHeight, cross-multiplied to stay exact.
        if contentWidth * boxHeight >= boxWidth * contentHeight {
            let fittedHeight = (2 * contentHeight * boxWidth + contentWidth) / (2 * contentWidth)
            return PixelSize(width: boxWidth, height: max(fittedHeight, 1))
        } else {
            let fittedWidth = (2 * contentWidth * boxHeight + contentHeight) / (2 * contentHeight)
            return PixelSize(width: max(fittedWidth, 1), height: boxHeight)
        }
    }
}

extension PixelSize: CustomStringConvertible {
    /// `width×height`, e.g. `1280×720`.
    public var description: String { "\(width)×\(height)" }
}
