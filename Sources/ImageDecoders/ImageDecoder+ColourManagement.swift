import Imaging

/// Colour management: a photo's embedded colour (`EmbeddedColour`) converted to the output profile by a cached Little
/// CMS transform (`ColourTransform`), on the decode thread, after the fit: converting the fitted pixels costs a page's
/// worth, not the photo's, and differs from converting first by the resampling's rounding only. Photos stating no
/// colour, or sRGB, are left byte for byte as decoded.
extension ImageDecoder {
    /// The colour a file of `format` states in its own bytes (JPEG, PNG, WebP, TIFF), nil when none or not managed; HEIF,
    /// AVIF and JPEG XL report theirs from their decoders.
    func embeddedColour(_ format: ImageHeader.Format, _ bytes: UnsafeRawBufferPointer) -> EmbeddedColour? {
        guard managesColour else { return nil }
        switch format {
        case .jpeg: return EmbeddedColour.read(jpeg: bytes)
        case .png: return EmbeddedColour.read(png: bytes)
        case .webp: return EmbeddedColour.read(webp: bytes)
        case .tiff: return EmbeddedColour.read(tiff: bytes)
        default: return nil
        }
    }
}
