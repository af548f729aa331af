import Imaging

extension PixelBuffer {
    /// Buffers hold nothing but ARGB8888 (or its opaque label).
    var hasStandardFormat: Bool { true }
    /// Whether the buffer is labelled opaque.
    var isOpaque: Bool { format.isOpaque }
}
