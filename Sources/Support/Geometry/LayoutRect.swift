/// An axis-aligned rectangle in output pixels, origin top-left, y down: the unit of `SceneLayout`, free of SDL.
public struct LayoutRect: Hashable, Sendable {
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

    /// One past the right edge.
    public var maxX: Int { x + width }
    /// One past the bottom edge.
    public var maxY: Int { y + height }
    /// Whether it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the pixel (`x`, `y`) lies inside (left and top edges inclusive, right and bottom exclusive).
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// Whether the two rectangles share a pixel.
    public func intersects(_ other: LayoutRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether it lies within a frame of `width` × `height` pixels.
    public func isInside(width frameWidth: Int, height frameHeight: Int) -> Bool {
        x >= 0 && y >= 0 && maxX <= frameWidth && maxY <= frameHeight
    }

    /// This rectangle shrunk by `amount` on every side (never below zero size).
    public func inset(by amount: Int) -> LayoutRect {
        LayoutRect(x: x + amount, y: y + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }
}
