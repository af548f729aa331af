import CSDL2
import GalleryCore

/// An axis-aligned rectangle in pixels, origin top-left, y down.
public struct PixelRect: Sendable, Hashable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// The rectangle with top-left corner (`x`, `y`) and the given size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle of `size` with its top-left corner at `origin`.
    public init(origin: PixelPoint = PixelPoint(x: 0, y: 0), size: PixelSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The same rectangle as the layout's.
    public init(_ rect: LayoutRect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// A rectangle of `size` centred in this one (rounding the offset down).
    public func centring(_ size: PixelSize) -> PixelRect {
        PixelRect(
            x: x + (width - size.width) / 2, y: y + (height - size.height) / 2,
            width: size.width, height: size.height)
    }

    /// This rectangle shrunk by `amount` on every side (never below zero size).
    public func inset(by amount: Int) -> PixelRect {
        PixelRect(
            x: x + amount, y: y + amount,
            width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }

    /// The rectangle's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Whether `point` lies inside (left and top edges inclusive, right and bottom exclusive).
    public func contains(_ point: PixelPoint) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    /// The same rectangle as SDL's C struct, clamping coordinates into `Int32`.
    var sdlRect: SDL_Rect {
        SDL_Rect(x: Int32(clamping: x), y: Int32(clamping: y), w: Int32(clamping: width), h: Int32(clamping: height))
    }
}
