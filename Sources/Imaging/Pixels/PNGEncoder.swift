import CZlib

/// A small PNG encoder over zlib, so the viewer writes its shots without a format library: 8-bit RGB (`opaque`) or
/// RGBA, non-interlaced, every row with the Sub filter, one IDAT chunk, zlib's default level (its fastest for a large
/// picture). Shots, the cached thumbnails and Ctrl+C's picture a decoder process encodes (`ImageDecoder.thumbnailPNG`).
package enum PNGEncoder {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Raw bytes over which zlib's fastest level is used rather than its default: a picture as large as a copy's
    /// (Ctrl+C) is deflated several times faster for a few per cent more bytes; a thumbnail (1024 × 1024 at most, 3 MiB
    /// of RGB) keeps the default.
    static let fastestAbove = 4 << 20

    /// The PNG bytes of `pixels`: RGB when `opaque` (alpha dropped), else RGBA with straight alpha.
    package static func png(of pixels: PixelBuffer, opaque: Bool) throws(PixelBufferError) -> [UInt8] {
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + pixels.width * channels
        var raw = [UInt8](repeating: 0, count: rowBytes * pixels.height)
        raw.withUnsafeMutableBufferPointer { out in
            for y in 0..<pixels.height {
                let row = pixels.row(y).assumingMemoryBound(to: UInt32.self)
                let start = y * rowBytes
                out[start] = 1  // Sub: each byte less the same channel of the pixel to its left.
                var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                for x in 0..<pixels.width {
                    let word = row[x]
                    let red = UInt8(truncatingIfNeeded: word >> 16), green = UInt8(truncatingIfNeeded: word >> 8)
                    let blue = UInt8(truncatingIfNeeded: word)
                    let alpha = pixels.format.isOpaque ? 255 : UInt8(truncatingIfNeeded: word >> 24)
                    let at = start + 1 + x * channels
                    out[at] = red &- previous.0
                    out[at + 1] = green &- previous.1
                    out[at + 2] = blue &- previous.2
                    if !opaque { out[at + 3] = alpha &- previous.3 }
                    previous = (red, green, blue, alpha)
                }
            }
        }
        var compressedCount = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedCount))
        let status = compressed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { input in
                compress2(
                    out.baseAddress, &compressedCount, input.baseAddress, uLong(input.count),
                    raw.count > Self.fastestAbove ? Z_BEST_SPEED : Z_DEFAULT_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw .outOfMemory(byteCount: Int(compressedCount), errno: 0) }
        compressed.removeSubrange(Int(compressedCount)...)
        var header: [UInt8] = []
        header += bigEndian(UInt32(pixels.width))
        header += bigEndian(UInt32(pixels.height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", compressed) + chunk("IEND", [])
    }

    /// A chunk: its length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ]
    }
}
