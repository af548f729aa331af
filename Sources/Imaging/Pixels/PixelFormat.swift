/// How a pixel's four bytes are laid out in a `PixelBuffer`.
public enum PixelFormat: UInt8, Sendable, Hashable, CaseIterable {
    /// One native-endian 32-bit word per pixel, 0xAARRGGBB, straight (not premultiplied) alpha: bytes B, G, R, A on
    /// little-endian machines. SDL's `SDL_PIXELFORMAT_ARGB8888` and TurboJPEG's `TJPF_BGRA`, so a buffer becomes a
    /// texture without a conversion.
    case argb8888
    /// As `argb8888`, with every alpha byte 255: the picture is opaque, and copies of it need no blending.
    case xrgb8888

    /// Bytes per pixel (4 for every format here).
    public var bytesPerPixel: Int { 4 }

    /// Whether every pixel is fully opaque.
    public var isOpaque: Bool { self == .xrgb8888 }
}
