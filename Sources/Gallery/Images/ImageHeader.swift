import CSDL2

/// What the first bytes of an image file say: its format and, for common formats, its pixel size.
///
/// Read before decoding so that an enormous image is refused without allocating its pixels (SDL_image always decodes
/// fully). This is also where EXIF orientation (JPEG APP1) will be read when that issue is taken up.
struct ImageHeader: Sendable, Hashable {
    /// Formats recognised by their magic bytes.
    enum Format: String, Sendable {
        case jpeg = "JPEG", png = "PNG", gif = "GIF", bmp = "BMP", webp = "WebP", tiff = "TIFF"
    }

    /// The format, if the magic bytes matched one.
    var format: Format?
    /// The pixel size stated by the header, if it could be read.
    var size: PixelSize?

    /// Bytes enough for every fixed-position header below (WebP's VP8 frame header ends at byte 30).
    private static let prefixLength = 32
    /// Bound on JPEG segments walked before the frame header; real files have a handful.
    private static let maximumJPEGSegments = 1024

    /// Reads the header from the start of `stream`, leaving the stream position wherever reading stopped.
    static func read(from stream: UnsafeMutablePointer<SDL_RWops>) -> ImageHeader {
        var prefix = [UInt8](repeating: 0, count: prefixLength)
        let count = SDL_RWread(stream, &prefix, 1, prefixLength)
        let bytes = Array(prefix.prefix(count))

        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return ImageHeader(format: .jpeg, size: jpegSize(in: stream))
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let hasHeaderChunk = bytes.count >= 24 && bytes[12..<16].elementsEqual("IHDR".utf8)
            return ImageHeader(format: .png, size: hasHeaderChunk
                ? PixelSize(width: bigEndian(bytes, at: 16, count: 4), height: bigEndian(bytes, at: 20, count: 4))
                : nil)
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            return ImageHeader(format: .gif, size: bytes.count >= 10
                ? PixelSize(width: littleEndian(bytes, at: 6, count: 2), height: littleEndian(bytes, at: 8, count: 2))
                : nil)
        }
        if bytes.starts(with: Array("BM".utf8)) {
            return ImageHeader(format: .bmp, size: bmpSize(bytes))
        }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 16, bytes[8..<12].elementsEqual("WEBP".utf8) {
            return ImageHeader(format: .webp, size: webpSize(bytes))
        }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return ImageHeader(format: .tiff, size: nil)
        }
        return ImageHeader(format: nil, size: nil)
    }

    /// The frame size from the first SOF segment, walking segment lengths from just after the SOI marker.
    private static func jpegSize(in stream: UnsafeMutablePointer<SDL_RWops>) -> PixelSize? {
        var position: Int64 = 2
        for _ in 0..<maximumJPEGSegments {
            // Marker (2), segment length (2), then for SOF: precision (1), height (2), width (2).
            var segment = [UInt8](repeating: 0, count: 9)
            guard SDL_RWseek(stream, position, RW_SEEK_SET) >= 0 else { return nil }
            let count = SDL_RWread(stream, &segment, 1, segment.count)
            guard count >= 2, segment[0] == 0xFF else { return nil }
            let marker = segment[1]
            switch marker {
            case 0xFF:  // fill byte before a marker
                position += 1
            case 0x01, 0xD0...0xD8:  // markers without a length
                position += 2
            case 0xD9, 0xDA:  // end of image or start of scan before any frame header
                return nil
            default:
                guard count >= 4 else { return nil }
                let length = bigEndian(segment, at: 2, count: 2)
                guard length >= 2 else { return nil }
                // SOF0…SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard count >= 9 else { return nil }
                    return PixelSize(width: bigEndian(segment, at: 7, count: 2), height: bigEndian(segment, at: 5, count: 2))
                }
                position += 2 + Int64(length)
            }
        }
        return nil
    }

    /// Width and height from the DIB header (the 12-byte OS/2 core header or a 40-byte-or-larger Windows one).
    private static func bmpSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 26 else { return nil }
        let dibHeaderLength = littleEndian(bytes, at: 14, count: 4)
        if dibHeaderLength == 12 {
            return PixelSize(width: littleEndian(bytes, at: 18, count: 2), height: littleEndian(bytes, at: 20, count: 2))
        }
        guard dibHeaderLength >= 40 else { return nil }
        // Signed 32-bit fields; a negative height means rows are stored top-down.
        let width = Int(Int32(truncatingIfNeeded: littleEndian(bytes, at: 18, count: 4)))
        let height = Int(Int32(truncatingIfNeeded: littleEndian(bytes, at: 22, count: 4)))
        return PixelSize(width: abs(width), height: abs(height))
    }

    /// Canvas size from the first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X).
    private static func webpSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 30 else { return nil }
        let chunk = bytes[12..<16]
        if chunk.elementsEqual("VP8 ".utf8) {
            return PixelSize(width: littleEndian(bytes, at: 26, count: 2) & 0x3FFF,
                             height: littleEndian(bytes, at: 28, count: 2) & 0x3FFF)
        }
        if chunk.elementsEqual("VP8L".utf8) {
            // 14-bit width − 1, then 14-bit height − 1, packed little-endian after the 0x2F signature byte.
            let bits = littleEndian(bytes, at: 21, count: 4)
            return PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if chunk.elementsEqual("VP8X".utf8) {
            return PixelSize(width: littleEndian(bytes, at: 24, count: 3) + 1,
                             height: littleEndian(bytes, at: 27, count: 3) + 1)
        }
        return nil
    }

    /// The unsigned big-endian integer in `count` bytes at `offset`.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The unsigned little-endian integer in `count` bytes at `offset`.
    private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
