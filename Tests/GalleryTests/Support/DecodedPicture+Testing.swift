import Gallery
import Imaging

/// The decoded picture read as the tests read surfaces: its size and its pixels' colours.
extension DecodedPicture {
    /// Width in pixels.
    var width: Int { pixels.width }
    /// Height in pixels.
    var height: Int { pixels.height }
    /// The colour at (`x`, `y`).
    func pixel(x: Int, y: Int) -> RGBA { pixels.rgba(x: x, y: y) }
    /// Decoders give nothing but ARGB8888 (or its opaque label).
    var hasStandardFormat: Bool { true }
}

extension PixelBuffer {
    /// Buffers hold nothing but ARGB8888 (or its opaque label).
    var hasStandardFormat: Bool { true }
    /// Whether the buffer is labelled opaque.
    var isOpaque: Bool { format.isOpaque }
}
