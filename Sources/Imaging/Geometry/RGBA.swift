/// A colour with 8-bit red, green, blue and alpha channels (alpha 255 is opaque).
public struct RGBA: Sendable, Hashable {
    /// Red channel.
    public var r: UInt8
    /// Green channel.
    public var g: UInt8
    /// Blue channel.
    public var b: UInt8
    /// Alpha channel; 255 is opaque.
    public var a: UInt8

    /// A colour from its channels; opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Opaque black.
    public static let black = RGBA(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBA(r: 255, g: 255, b: 255)
    /// Opaque pure red.
    public static let red = RGBA(r: 255, g: 0, b: 0)
    /// Fully transparent black.
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
}
