import Support

/// An axis-aligned rectangle in pixels, origin top-left, y down: the layout's own rectangle (`LayoutRect`, SDL-free),
/// so a rectangle the layout places is drawn as it is.
public typealias PixelRect = LayoutRect

extension LayoutRect {
    /// The rectangle of `size` with its top-left corner at `origin`.
    public init(origin: PixelPoint = PixelPoint(x: 0, y: 0), size: PixelSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// A rectangle of `size` centred in this one (rounding the offset down).
    public func centring(_ size: PixelSize) -> PixelRect {
        PixelRect(
            x: x + (width - size.width) / 2, y: y + (height - size.height) / 2,
            width: size.width, height: size.height)
    }

    /// The rectangle's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Whether `point` lies inside (left and top edges inclusive, right and bottom exclusive).
    public func contains(_ point: PixelPoint) -> Bool {
        contains(x: point.x, y: point.y)
    }
}
