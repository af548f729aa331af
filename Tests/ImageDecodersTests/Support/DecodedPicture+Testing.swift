import Imaging

/// The decoded picture read as the tests read pictures: its size and its pixels' colours.
extension DecodedPicture {
    /// Width in pixels.
    var width: Int { pixels.width }
    /// Height in pixels.
    var height: Int { pixels.height }
    /// The colour at (`x`, `y`).
    func pixel(x: Int, y: Int) -> RGBA {
        let word = pixels.pixel(x: x, y: y)
        return RGBA(
            r: UInt8(word >> 16 & 0xFF), g: UInt8(word >> 8 & 0xFF), b: UInt8(word & 0xFF), a: UInt8(word >> 24))
    }
    /// Decoders give nothing but ARGB8888 (or its opaque label).
    var hasStandardFormat: Bool { true }
}
