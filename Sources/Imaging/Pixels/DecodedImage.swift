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

extension DecodedImage {
    /// The picture scaled to `size` (itself when already that size), keeping the damage note; the scaled pixels in
    /// shared memory when `shared`.
    public func fitted(to size: PixelSize, shared: Bool = false) throws(PixelBufferError) -> DecodedImage {
        guard size != pixels.size else { return self }
        return DecodedImage(pixels: try pixels.scaled(to: size, shared: shared), damageNote: damageNote)
    }

    /// The picture converted in place from `colour` to `output` (nil: sRGB); as it is when `colour` is nil or Little CMS
    /// cannot use the profile (shown as sRGB). The pixels must be this decode's own, not yet handed on.
    package func managed(from colour: EmbeddedColour?, to output: [UInt8]?) -> DecodedImage {
        guard let colour, let transform = ColourTransform.cached(from: colour, input: .bgra, to: output) else {
            return self
        }
        pixels.apply(transform)
        return self
    }
}
