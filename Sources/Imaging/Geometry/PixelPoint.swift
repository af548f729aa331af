/// A point in pixel coordinates, origin top-left, y down.
public struct PixelPoint: Sendable, Hashable {
    /// Horizontal coordinate in pixels.
    public var x: Int
    /// Vertical coordinate in pixels.
    public var y: Int

    /// The point (`x`, `y`).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
