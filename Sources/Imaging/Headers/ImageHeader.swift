import Support

// The header fuzz target compiles PhotoFormat.swift into its own module instead (Scripts/fuzz.sh).
#if canImport(GalleryCore)
#endif

/// What the header of an image file says: its format and pixel size, read before any decoder allocates.
///
/// Every format the gallery decodes has a reader here; a file whose format is not recognised, or whose header does
/// not state a plausible size, is refused (camera RAW files, whose embedded preview is what is decoded, are sized by
/// that preview's own JPEG header) rather than handed to a decoder blind (SDL_image allocates whatever a header
/// claims, and some of its loaders write out of bounds when the claim is absurd).
package struct ImageHeader: Sendable, Hashable {
    /// The format, if the content matched one.
    package var format: Format?
    /// The pixel size stated by the header, if it could be read and each side is within 1…`largestStatedSide`: the
    /// largest a decoder of this format will allocate, and the only size anything may compute with.
    package var size: PixelSize?
    /// The size as stated when it is not usable (a side of 0 or over `largestStatedSide`): for messages only.
    package var unusableSize: PixelSize?

    /// A header of `format` stating `size`.
    package init(format: Format?, size: PixelSize?) {
        self.format = format
        self.size = size
    }

    /// Reads `count` bytes at `offset` (fewer at the end of the file, none past it).
    package typealias Reader = (_ offset: Int, _ count: Int) -> [UInt8]

    /// Bytes enough for every fixed-position header below (WebP's VP8 frame header ends at byte 30).
    private static let prefixLength = 32
    /// Bound on segments, blocks or entries walked; real files have a handful.
    package static let maximumSteps = 1024

    /// The longest side a header may state and still state a size: 2^24 px, a thousand times any decoder's limit
    /// (16384), and small enough that no area or byte count made from two such sides overflows.
    package static let largestStatedSide = 1 << 24

    /// Reads the header through `read`; `fileExtension` (lowercase) matters only where the bytes cannot tell: TGA, which
    /// has no magic bytes, and camera RAW, whose TIFF-like and ISO-like files are told from TIFF and HEIF by it.
    ///
    /// A stated side of 0 or over `largestStatedSide` (a 69-byte PNG stating 2^32 − 1 × 2^32 − 1) states no usable
    /// size: the header keeps its format and the claim (`unusableSize`), and the decoder refuses it unread.
    package static func read(_ read: Reader, fileExtension: String) -> ImageHeader {
        var header = stated(read, fileExtension: fileExtension)
        if let size = header.size, !isUsable(size) {
            header.size = nil
            header.unusableSize = size
        }
        return header
    }

    /// The format `signature` (a file's first bytes, at most `ImageFile.signatureBytes` of them) names, read through a
    /// reader that returns nothing past them: what the viewer guesses from before a decoder reads the header.
    package static func sniffedFormat(signature: [UInt8], fileExtension: String) -> Format? {
        let bytes = Array(signature.prefix(ImageFile.signatureBytes))
        return read(reader(of: bytes), fileExtension: fileExtension).format
    }

    /// Whether both sides of `size` are within 1…`largestStatedSide`.
    package static func isUsable(_ size: PixelSize) -> Bool {
        (1...largestStatedSide).contains(size.width) && (1...largestStatedSide).contains(size.height)
    }

    /// The format and the size exactly as the header states them, however absurd.
    private static func stated(_ read: Reader, fileExtension: String) -> ImageHeader {
        let bytes = read(0, prefixLength)

        // RAW files are TIFF-like or ISO-like: told apart by the extension, their size is the embedded preview's,
        // read by LibRaw (the JPEG preview then passes this guard in its turn).
        if PhotoFormat.rawExtensions.contains(fileExtension),
            isRawSignature(bytes) || isobmffFormat(read) == .raw
        {
            return ImageHeader(format: .raw, size: nil)
        }
        if let format = isobmffFormat(read), format != .raw {
            return ImageHeader(format: format, size: heifSize(read))
        }
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: jxlContainerSignature) {
            return ImageHeader(format: .jxl, size: jxlSize(read))
        }

        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return ImageHeader(format: .jpeg, size: jpegSize(read))
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let hasHeaderChunk = bytes.count >= 24 && bytes[12..<16].elementsEqual("IHDR".utf8)
            return ImageHeader(
                format: .png,
                size: hasHeaderChunk
                    ? PixelSize(width: bigEndian(bytes, at: 16, count: 4), height: bigEndian(bytes, at: 20, count: 4))
                    : nil)
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            return ImageHeader(format: .gif, size: gifSize(bytes, read))
        }
        if bytes.starts(with: Array("BM".utf8)) {
            return ImageHeader(format: .bmp, size: bmpSize(bytes))
        }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 16, bytes[8..<12].elementsEqual("WEBP".utf8) {
            return ImageHeader(format: .webp, size: webpSize(bytes))
        }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return ImageHeader(format: .tiff, size: TIFFHeaderSize.classic(bytes, read))
        }
        if bytes.starts(with: [0x49, 0x49, 0x2B, 0x00, 0x08, 0x00, 0x00, 0x00])
            || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2B, 0x00, 0x08, 0x00, 0x00])
        {
            return ImageHeader(format: .tiff, size: TIFFHeaderSize.big(bytes, read))
        }
        if bytes.starts(with: Array("qoif".utf8)) {
            return ImageHeader(
                format: .qoi,
                size: bytes.count >= 12
                    ? PixelSize(width: bigEndian(bytes, at: 4, count: 4), height: bigEndian(bytes, at: 8, count: 4))
                    : nil)
        }
        if bytes.count >= 3, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1]) {
            return ImageHeader(format: .pnm, size: pnmSize(read(0, 1024)))
        }
        if PhotoFormat.tgaExtensions.contains(fileExtension), let size = tgaSize(bytes) {
            return ImageHeader(format: .tga, size: size)
        }
        if isSVG(read) {
            return ImageHeader(format: .svg, size: nil)
        }
        return ImageHeader(format: nil, size: nil)
    }

    /// A reader of `bytes`, a whole file in memory: past its end it reads fewer bytes, or none.
    package static func reader(of bytes: UnsafeRawBufferPointer) -> Reader {
        { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(offset + count, bytes.count)])
        }
    }

    /// A reader of `bytes`, a whole file in an array: past its end it reads fewer bytes, or none.
    package static func reader(of bytes: [UInt8]) -> Reader {
        { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(offset + count, bytes.count)])
        }
    }

    /// Reads the header of a file held in memory.
    package static func read(bytes: [UInt8], fileExtension: String = "") -> ImageHeader {
        read(reader(of: bytes), fileExtension: fileExtension)
    }

    /// The frame size from the first SOF segment, walking segment lengths from just after the SOI marker.
    private static func jpegSize(_ read: Reader) -> PixelSize? {
        var position = 2
        for _ in 0..<maximumSteps {
            guard let next = nextJPEGMarker(read, from: position) else { return nil }
            position = next
            // Marker (2), segment length (2), then for SOF: precision (1), height (2), width (2).
            let segment = read(position, 9)
            guard segment.count >= 2 else { return nil }
            let marker = segment[1]
            switch marker {
            case 0x01, 0xD0...0xD8:  // markers without a length
                position += 2
            case 0xD9, 0xDA:  // end of image or start of scan before any frame header
                return nil
            default:
                guard segment.count >= 4 else { return nil }
                let length = bigEndian(segment, at: 2, count: 2)
                guard length >= 2 else { return nil }
                // SOF0…SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard segment.count >= 9 else { return nil }
                    return PixelSize(
                        width: bigEndian(segment, at: 7, count: 2), height: bigEndian(segment, at: 5, count: 2))
                }
                position += 2 + length
            }
        }
        return nil
    }

    /// Where the next JPEG marker starts, at `position` or after: as libjpeg's `next_marker`, bytes that are no marker
    /// are skipped (fill `FF`s, a stuffed `FF 00`, stray bytes after a segment whose stated length is short), so a file
    /// libjpeg reads is not refused here. Nil when no marker follows within a megabyte.
    package static func nextJPEGMarker(_ read: Reader, from position: Int) -> Int? {
        var start = position
        while start - position < 1 << 20 {
            let block = read(start, start == position ? 2 : 4096)
            guard block.count >= 2 else { return nil }
            for index in 0..<(block.count - 1) where block[index] == 0xFF && block[index + 1] != 0x00 {
                if block[index + 1] != 0xFF { return start + index }
            }
            start += block.count - 1
        }
        return nil
    }

    /// The larger of the logical screen and the first frame (SDL_image allocates the frame's size).
    private static func gifSize(_ bytes: [UInt8], _ read: Reader) -> PixelSize? {
        guard bytes.count >= 13, let descriptor = firstGIFImageDescriptor(read) else { return nil }
        let screen = PixelSize(
            width: littleEndian(bytes, at: 6, count: 2), height: littleEndian(bytes, at: 8, count: 2))
        let frame = PixelSize(
            width: littleEndian(descriptor, at: 5, count: 2), height: littleEndian(descriptor, at: 7, count: 2))
        return PixelSize(width: max(screen.width, frame.width), height: max(screen.height, frame.height))
    }

    /// The first image descriptor of a GIF (introducer, left, top, width, height, flags: 10 bytes), found by skipping
    /// the global colour table and any extensions before it; nil when the file ends or holds something else first.
    package static func firstGIFImageDescriptor(_ read: Reader) -> [UInt8]? {
        let screen = read(0, 13)
        guard screen.count == 13 else { return nil }
        var position = 13 + (screen[10] & 0x80 != 0 ? 3 << (Int(screen[10] & 0x07) + 1) : 0)
        for _ in 0..<maximumSteps {
            guard let introducer = read(position, 1).first else { return nil }
            switch introducer {
            case 0x2C:
                let descriptor = read(position, 10)
                return descriptor.count == 10 ? descriptor : nil
            case 0x21:  // extension: label, then data sub-blocks up to an empty one
                position += 2
                for _ in 0..<maximumSteps * 64 {
                    guard let length = read(position, 1).first else { return nil }
                    position += 1 + Int(length)
                    if length == 0 { break }
                }
            default:
                return nil
            }
        }
        return nil
    }

    /// Width and height from the DIB header (the 12-byte OS/2 core header or a 40-byte-or-larger Windows one).
    private static func bmpSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 26 else { return nil }
        let dibHeaderLength = littleEndian(bytes, at: 14, count: 4)
        if dibHeaderLength == 12 {
            return PixelSize(
                width: littleEndian(bytes, at: 18, count: 2), height: littleEndian(bytes, at: 20, count: 2))
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
            return PixelSize(
                width: littleEndian(bytes, at: 26, count: 2) & 0x3FFF,
                height: littleEndian(bytes, at: 28, count: 2) & 0x3FFF)
        }
        if chunk.elementsEqual("VP8L".utf8) {
            // 14-bit width − 1, then 14-bit height − 1, packed little-endian after the 0x2F signature byte.
            let bits = littleEndian(bytes, at: 21, count: 4)
            return PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if chunk.elementsEqual("VP8X".utf8) {
            return PixelSize(
                width: littleEndian(bytes, at: 24, count: 3) + 1,
                height: littleEndian(bytes, at: 27, count: 3) + 1)
        }
        return nil
    }

    /// Width and height from the ASCII header after the `Pn` magic, skipping `#` comments.
    private static func pnmSize(_ bytes: [UInt8]) -> PixelSize? {
        guard let (numbers, _) = PNMHeaderNumbers.read(2, from: bytes) else { return nil }
        return PixelSize(width: numbers[0], height: numbers[1])
    }

    /// Width and height from the 18-byte TGA header, if the header is plausible (TGA has no magic bytes).
    private static func tgaSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 18, bytes[1] <= 1, [1, 2, 3, 9, 10, 11].contains(bytes[2]),
            [8, 15, 16, 24, 32].contains(bytes[16])
        else { return nil }
        return PixelSize(width: littleEndian(bytes, at: 12, count: 2), height: littleEndian(bytes, at: 14, count: 2))
    }

    /// The unsigned big-endian integer in `count` bytes at `offset`.
    package static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The unsigned little-endian integer in `count` bytes at `offset`.
    package static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
