extension ImageHeader {
    /// The formats the gallery decodes.
    package enum Format: String, Sendable {
        case jpeg = "JPEG", png = "PNG", gif = "GIF", bmp = "BMP", webp = "WebP", tiff = "TIFF", tga = "TGA"
        case qoi = "QOI", pnm = "PNM", heif = "HEIF", avif = "AVIF", jxl = "JPEG XL", raw = "camera RAW"
        case svg = "SVG"
    }
}
