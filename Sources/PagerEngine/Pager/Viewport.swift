/// The size of the area the pager fills, in pixels.
public struct Viewport: Equatable, Sendable {
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double
    /// Pixels per layout point (the desktop's scale, `--scale`): the wheel's rows are at least a number of points tall.
    public var scale: Double

    /// Creates a viewport; sizes below one pixel are raised to one and a scale that is not positive is taken as 1, so
    /// every ratio stays finite.
    public init(width: Double, height: Double, scale: Double = 1) {
        self.width = max(1, width.isFinite ? width : 1)
        self.height = max(1, height.isFinite ? height : 1)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }
}
