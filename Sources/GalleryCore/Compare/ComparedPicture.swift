/// A compared photo's own pixels, as drawn (upright): what 100 % and the locked zoom are measured in.
public struct ComparedPicture: Equatable, Sendable {
    /// Width in the photo's own pixels, at least 1.
    public let width: Double
    /// Height in the photo's own pixels, at least 1.
    public let height: Double

    /// A picture of `width` × `height` pixels; nil for a size that is not a positive finite number of pixels.
    public init?(width: Double, height: Double) {
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
        self.width = width
        self.height = height
    }

    /// The picture as drawn once turned or mirrored by `change`: a quarter turn trades its sides.
    public func turned(by change: ViewOrientation.Change) -> ComparedPicture {
        switch change {
        case .turnClockwise, .turnAnticlockwise: ComparedPicture(width: height, height: width) ?? self
        case .mirrorHorizontally, .mirrorVertically: self
        }
    }
}
