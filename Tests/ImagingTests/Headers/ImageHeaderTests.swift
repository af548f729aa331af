import Foundation
import Testing

@testable import Imaging

@Suite struct ImageHeaderTests {
    /// Reads the header of `bytes` held in memory.
    static func header(of bytes: [UInt8]) throws -> ImageHeader {
        ImageHeader.read(bytes: bytes)
    }

    static func littleEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
        littleEndian(value, bytes: bytes).reversed()
    }

    /// Minimal headers written from each format's specification, with the size each must report.
    static let samples: [(name: String, bytes: [UInt8], format: ImageHeader.Format, size: PixelSize)] = [
        (
            "PNG",
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, bytes: 4) + Array("IHDR".utf8)
                + bigEndian(1234, bytes: 4) + bigEndian(567, bytes: 4) + [8, 6, 0, 0, 0],
            .png, PixelSize(width: 1234, height: 567)
        ),
        (
            "GIF",
            Array("GIF89a".utf8) + littleEndian(300, bytes: 2) + littleEndian(200, bytes: 2) + [0, 0, 0]
                + [0x21, 0xF9, 4, 0, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0] + littleEndian(300, bytes: 2)
                + littleEndian(200, bytes: 2) + [0],
            .gif, PixelSize(width: 300, height: 200)
        ),
        (
            "BMP top-down",
            Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + littleEndian(40, bytes: 4)
                + littleEndian(640, bytes: 4) + littleEndian(-480, bytes: 4) + [1, 0, 32, 0],
            .bmp, PixelSize(width: 640, height: 480)
        ),
        (
            "WebP lossy",
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0, 0, 0, 0]
                + [0, 0, 0, 0x9D, 0x01, 0x2A] + littleEndian(4000, bytes: 2) + littleEndian(3000, bytes: 2) + [
                    0, 0,
                ],
            .webp, PixelSize(width: 4000, height: 3000)
        ),
        (
            "WebP lossless",
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0] + [0x2F]
                + littleEndian((800 - 1) | (600 - 1) << 14, bytes: 4) + [0, 0, 0, 0, 0, 0],
            .webp, PixelSize(width: 800, height: 600)
        ),
        (
            "WebP extended",
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [0, 0, 0, 0] + [0, 0, 0, 0]
                + littleEndian(20_000 - 1, bytes: 3) + littleEndian(9 - 1, bytes: 3) + [0, 0],
            .webp, PixelSize(width: 20_000, height: 9)
        ),
        (
            "JPEG after APP segments",
            [0xFF, 0xD8] + [0xFF, 0xE0] + bigEndian(16, bytes: 2) + [UInt8](repeating: 0, count: 14)
                + [0xFF, 0xE1] + bigEndian(6, bytes: 2) + Array("Exif".utf8)
                + [0xFF, 0xDB] + bigEndian(4, bytes: 2) + [0, 0]
                + [0xFF, 0xC2] + bigEndian(17, bytes: 2) + [8] + bigEndian(3024, bytes: 2)
                + bigEndian(4032, bytes: 2) + [3],
            .jpeg, PixelSize(width: 4032, height: 3024)
        ),
    ]

    @Test(arguments: samples.indices)
    func headerGivesFormatAndSize(sample: Int) throws {
        let (name, bytes, format, size) = Self.samples[sample]
        let header = try Self.header(of: bytes)
        #expect(header.format == format, "\(name)")
        #expect(header.size == size, "\(name)")
    }

    @Test func jpegWithoutFrameHeaderHasNoSize() throws {
        let header = try Self.header(of: [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 2, 3, 4, 5, 6])
        #expect(header.format == .jpeg)
        #expect(header.size == nil)
    }

    @Test(arguments: [Array("hello, world".utf8), [0x42], [0xFF, 0xD9]])
    func unknownBytesHaveNoFormat(bytes: [UInt8]) throws {
        let header = try Self.header(of: bytes)
        #expect(header.format == nil && header.size == nil)
    }
}
