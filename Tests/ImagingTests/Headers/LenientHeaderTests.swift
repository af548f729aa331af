import Testing

@testable import Imaging

/// Files the real decoders read must pass the header guard: libjpeg skips bytes that are no marker, libtiff reads
/// BigTIFF. Each fixture is made here, byte by byte.
@Suite struct LenientHeaderTests {
    /// SOI, then `middle`, then a baseline frame header of 127 × 64 with three components.
    static func jpeg(_ middle: [UInt8]) -> [UInt8] {
        let frame: [UInt8] =
            [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x7F, 0x03]
            + [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + middle + frame + [0xFF, 0xDA, 0x00, 0x02]
    }

    static let jfif: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]

    static let jpegs: [(name: String, bytes: [UInt8])] = [
        ("a stuffed FF 00 between segments", jpeg(jfif + [0xFF, 0x00])),
        ("stray bytes and fill FFs between segments", jpeg(jfif + [0x12, 0x34, 0xFF, 0xFF])),
        // APP14 stating 7 bytes ("Adobe" only): its version, flags and transform follow as stray bytes.
        (
            "an APP14 segment cut short",
            jpeg([0xFF, 0xEE, 0x00, 0x07] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1])
        ),
    ]

    @Test("a JPEG with bytes libjpeg skips between its segments states its size", arguments: jpegs.indices)
    func jpegMarkersAfterSkippedBytes(index: Int) {
        let bytes = Self.jpegs[index].bytes
        let header = ImageHeader.read(bytes: bytes)
        #expect(
            header == ImageHeader(format: .jpeg, size: PixelSize(width: 127, height: 64)), "\(Self.jpegs[index].name)")
        let read: ImageHeader.Reader = { offset, count in
            Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)])
        }
        #expect(ImageHeader.frameMarker(ofJPEG: read) == 0xC0, "\(Self.jpegs[index].name)")
    }

    @Test("a JPEG with no frame header before its end has no size")
    func jpegWithoutFrameHasNoSize() {
        #expect(ImageHeader.read(bytes: [0xFF, 0xD8] + Self.jfif + [0x00, 0x00, 0xFF]).size == nil)
    }

    /// A BigTIFF whose first directory states 127 × 64 (width a SHORT, length a LONG8).
    static func bigTIFF(littleEndian: Bool) -> [UInt8] {
        func integer(_ value: Int, _ count: Int) -> [UInt8] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return littleEndian ? bytes : bytes.reversed()
        }
        let head = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + integer(43, 2) + integer(8, 2) + integer(0, 2)
        let entries =
            integer(256, 2) + integer(3, 2) + integer(1, 8) + integer(127, 2) + [0, 0, 0, 0, 0, 0]
            + integer(257, 2) + integer(16, 2) + integer(1, 8) + integer(64, 8)
        return head + integer(16, 8) + integer(2, 8) + entries + integer(0, 8)
    }

    @Test("a BigTIFF states its size", arguments: [true, false])
    func bigTIFFSize(littleEndian: Bool) {
        let header = ImageHeader.read(bytes: Self.bigTIFF(littleEndian: littleEndian))
        #expect(header == ImageHeader(format: .tiff, size: PixelSize(width: 127, height: 64)))
    }
}
