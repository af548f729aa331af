extension ImageHeader.Format {
    /// Whether files of this format may hold an animation the gallery plays (GIF, WebP, APNG, JPEG XL, an AVIF image
    /// sequence): a page of one asks for its frames; other formats never open more than their still.
    package var mayAnimate: Bool {
        switch self {
        case .gif, .webp, .png, .jxl, .avif: true
        default: false
        }
    }
}
