/// The size of the area the pager fills, in pixels.
public struct Viewport: Equatable, Sendable {
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double

    /// Creates a viewport; sizes below one pixel are raised to one so every ratio stays finite.
    public init(width: Double, height: Double) {
        self.width = max(1, width.isFinite ? width : 1)
        self.height = max(1, height.isFinite ? height : 1)
    }
}
