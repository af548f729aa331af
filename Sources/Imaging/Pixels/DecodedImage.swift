/// A decoder's output: the pixels, and why they may be incomplete.
public struct DecodedImage: Sendable {
    /// The picture.
    public var pixels: PixelBuffer
    /// The decoder's warning about a damaged file (the pixels hold what decoded), or nil.
    public var damageNote: String?

    /// `pixels`, with the decoder's `damageNote` when the file was damaged.
    public init(pixels: PixelBuffer, damageNote: String? = nil) {
        self.pixels = pixels
        self.damageNote = damageNote
    }
}
