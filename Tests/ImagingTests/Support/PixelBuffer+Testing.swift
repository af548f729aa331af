import Imaging

extension PixelBuffer {
    /// The colour at (`x`, `y`).
    func rgba(x: Int, y: Int) -> RGBA {
        let word = pixel(x: x, y: y)
        return RGBA(
            r: UInt8(word >> 16 & 0xFF), g: UInt8(word >> 8 & 0xFF), b: UInt8(word & 0xFF), a: UInt8(word >> 24))
    }
    /// Buffers hold nothing but ARGB8888 (or its opaque label).
    var hasStandardFormat: Bool { true }
    /// Whether the buffer is labelled opaque.
    var isOpaque: Bool { format.isOpaque }
}
