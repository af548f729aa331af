import Foundation
import Imaging
import Testing

@testable import ImageDecoders

/// Grey TGA files with 16 bits a pixel (a grey byte, then alpha), which SDL_image refuses and nsxiv, feh and GIMP show
/// (issue 43, item 5): decoded in each origin, raw and run-length encoded, with and without alpha stated.
@Suite struct TGAGreyAlphaDecoderTests {
    /// A TGA of `width` × `height`, image type `type` (3 raw, 11 RLE), image descriptor `descriptor`, then `data`.
    static func tga(type: UInt8, width: Int, height: Int, descriptor: UInt8, data: [UInt8]) -> [UInt8] {
        [0, 0, type, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 16, descriptor]
            + data
    }

    /// The 3 × 2 picture the cases hold, top row first: (grey, alpha) of each pixel.
    static let picture: [[(UInt8, UInt8)]] = [
        [(10, 200), (20, 210), (30, 220)],
        [(110, 100), (120, 110), (130, 120)],
    ]

    /// `picture`'s rows stored as `descriptor`'s origin has them: bottom row first unless bit 5, right to left if bit 4.
    static func raw(descriptor: UInt8) -> [UInt8] {
        let rows = descriptor & 0x20 != 0 ? picture : picture.reversed()
        return rows.flatMap { row in (descriptor & 0x10 != 0 ? row.reversed() : row).flatMap { [$0.0, $0.1] } }
    }

    /// Decodes `bytes` from a file at their own size.
    static func decode(_ bytes: [UInt8], name: String) throws -> PixelBuffer {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("la-\(getpid())-\(name).tga").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 3, height: 2)).pixels
    }

    @Test(
        "Raw grey + alpha in each origin",
        arguments: [(0x28, "top left"), (0x08, "bottom left"), (0x38, "top right"), (0x18, "bottom right")]
            as [(UInt8, String)])
    func rawOrigins(descriptor: UInt8, origin: String) throws {
        let pixels = try Self.decode(
            Self.tga(type: 3, width: 3, height: 2, descriptor: descriptor, data: Self.raw(descriptor: descriptor)),
            name: "raw-\(descriptor)")
        for (y, row) in Self.picture.enumerated() {
            for (x, (grey, alpha)) in row.enumerated() {
                let level = UInt32(grey)
                #expect(
                    pixels.pixel(x: x, y: y) == UInt32(alpha) << 24 | level << 16 | level << 8 | level,
                    "\(origin): (\(x), \(y))")
            }
        }
    }

    @Test("Run-length encoded, a run across rows; no alpha stated: opaque")
    func runLengthAndNoAlpha() throws {
        // Bottom-left origin: the bottom row (grey 50, alpha 60 three times) and the top row's first pixel are one run
        // of 4; the top row's other two a raw packet.
        let data: [UInt8] = [0x83, 50, 60, 0x01, 70, 80, 90, 100]
        let encoded = try Self.decode(
            Self.tga(type: 11, width: 3, height: 2, descriptor: 0x08, data: data), name: "rle")
        #expect(encoded.pixel(x: 0, y: 1) == 0x3C32_3232 && encoded.pixel(x: 2, y: 1) == 0x3C32_3232)
        #expect(encoded.pixel(x: 0, y: 0) == 0x3C32_3232)
        #expect(encoded.pixel(x: 1, y: 0) == 0x5046_4646 && encoded.pixel(x: 2, y: 0) == 0x645A_5A5A)

        let opaque = try Self.decode(
            Self.tga(type: 3, width: 3, height: 2, descriptor: 0x20, data: Self.raw(descriptor: 0x20)), name: "opaque")
        #expect(opaque.pixel(x: 0, y: 0) == 0xFF0A_0A0A && opaque.pixel(x: 2, y: 1) == 0xFF82_8282)
    }

    @Test("A file that ends before its pixels is refused as corrupt, not read past")
    func truncated() throws {
        let bytes = Self.tga(type: 11, width: 3, height: 2, descriptor: 0x08, data: [0x83, 50, 60, 0x01, 70])
        #expect {
            try Self.decode(bytes, name: "short")
        } throws: { error in
            guard let failure = error as? DecodeFailure, case .corrupt(let format, _) = failure.reason else {
                return false
            }
            return format == "TGA"
        }
    }
}
