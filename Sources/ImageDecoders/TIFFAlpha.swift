import Imaging

/// A TIFF's alpha as SDL_image delivers it: through libtiff's RGBA interface (`TIFFReadRGBAImageOriented`), which
/// gives alpha premultiplied into the colours whether the file's ExtraSamples (TIFF 6.0, tag 338) says associated
/// (1: premultiplied) or unassociated (2) alpha. The page composites straight alpha, so those pixels are divided back.
enum TIFFAlpha {
    /// Whether the first image of the TIFF in `bytes` has an alpha sample: IFD0's ExtraSamples starts with 1 or 2.
    static func hasAlpha(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 8 else { return false }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return false
        }
        func integer(_ offset: Int, _ count: Int) -> Int {
            guard offset >= 0, offset <= bytes.count - count else { return -1 }
            return (0..<count).reduce(0) { value, index in
                value | Int(bytes[offset + index]) << (8 * (little ? index : count - 1 - index))
            }
        }
        guard integer(2, 2) == 42 else { return false }
        let directory = integer(4, 4)
        let entries = integer(directory, 2)
        guard directory >= 8, entries > 0 else { return false }
        for entry in 0..<min(entries, 4096) {
            let position = directory + 2 + 12 * entry
            guard integer(position, 2) == 338 else { continue }
            // SHORT values: up to two inline, else at the offset the entry holds.
            let count = integer(position + 4, 4)
            guard integer(position + 2, 2) == 3, count >= 1 else { return false }
            let first = count <= 2 ? integer(position + 8, 2) : integer(integer(position + 8, 4), 2)
            return first == 1 || first == 2
        }
        return false
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
