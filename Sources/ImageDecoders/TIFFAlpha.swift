import Imaging

/// A TIFF's alpha as SDL_image delivers it: through libtiff's RGBA interface (`TIFFReadRGBAImageOriented`), which
/// gives alpha premultiplied into the colours whether the file's ExtraSamples (TIFF 6.0, tag 338) says associated
/// (1: premultiplied) or unassociated (2) alpha. The page composites straight alpha, so those pixels are divided back.
enum TIFFAlpha {
    /// Whether the first image of the TIFF in `bytes` has an alpha sample: IFD0's ExtraSamples starts with 1 or 2.
    static func hasAlpha(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let directory = TIFFFirstDirectory(bytes), let entry = directory.entry(tag: 338),
            entry.type == 3, entry.count >= 1
        else { return false }
        // SHORT values: up to two inline, else at the offset the entry holds.
        let first =
            entry.count <= 2
            ? directory.integer(at: entry.valueField, width: 2)
            : directory.integer(at: directory.integer(at: entry.valueField, width: 4), width: 2)
        return first == 1 || first == 2
    }

    /// `pixels` (premultiplied, ARGB8888, this decode's own) with straight alpha, in place: each colour divided by its
    /// alpha, rounded; fully transparent pixels stay black.
    static func unpremultiply(_ pixels: PixelBuffer) {
        for y in 0..<pixels.height {
            let row = pixels.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixels.width {
                let value = row[x]
                let alpha = value >> 24
                guard alpha > 0, alpha < 255 else { continue }
                var result = value & 0xFF00_0000
                for shift: UInt32 in [0, 8, 16] {
                    let colour = value >> shift & 0xFF
                    result |= min((colour * 255 + alpha / 2) / alpha, 255) << shift
                }
                row[x] = result
            }
        }
    }
}
