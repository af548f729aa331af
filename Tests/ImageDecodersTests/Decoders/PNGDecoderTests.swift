import CZlib
import ImageLoader
import Testing

@testable import ImageDecoders
@testable import Imaging

/// A plain PNG is decoded by libpng alone, to the pixels SDL_image's loader gives; a PNG stating its colour, with
/// 16-bit samples or animated is left to SDL_image (`PNGLayout`).
@Suite struct PNGDecoderTests {
    /// A PNG of `width` × `height` of colour type `colourType` and `depth` bits, its rows' samples from `sample`
    /// (filter 0), with `chunks` (type, data) between IHDR and IDAT; interlace `adam7` or none.
    static func png(
        width: Int, height: Int, colourType: UInt8, depth: UInt8 = 8, chunks: [(String, [UInt8])] = [],
        rowBytes: Int, sample: (Int, Int) -> UInt8
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<rowBytes { raw.append(sample(x, y)) }
        }
        var count = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(count))
        _ = compress2(&compressed, &count, raw, uLong(raw.count), Z_DEFAULT_COMPRESSION)
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let header = bigEndian(width) + bigEndian(height) + [depth, colourType, 0, 0, 0]
        return PNGEncoder.signature + PNGEncoder.chunk("IHDR", header)
            + chunks.flatMap { PNGEncoder.chunk($0.0, $0.1) }
            + PNGEncoder.chunk("IDAT", Array(compressed.prefix(Int(count)))) + PNGEncoder.chunk("IEND", [])
    }

    /// Files libpng decodes alone, by colour type: RGB, RGBA, palette with transparency, grey, grey with alpha, and
    /// RGB with text and an sRGB statement.
    static let plain: [(name: String, bytes: [UInt8])] = [
        ("RGB", png(width: 7, height: 5, colourType: 2, rowBytes: 21) { x, y in UInt8((x * 37 + y * 11) & 0xFF) }),
        ("RGBA", png(width: 7, height: 5, colourType: 6, rowBytes: 28) { x, y in UInt8((x * 53 + y * 7) & 0xFF) }),
        (
            "palette, tRNS",
            png(
                width: 6, height: 4, colourType: 3,
                chunks: [("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255]), ("tRNS", [0, 128])], rowBytes: 6
            ) { x, y in UInt8((x + y) % 3) }
        ),
        ("grey", png(width: 5, height: 3, colourType: 0, rowBytes: 5) { x, y in UInt8(x * 50 + y) }),
        ("grey, alpha", png(width: 5, height: 3, colourType: 4, rowBytes: 10) { x, _ in UInt8(x * 25) }),
        (
            "RGB, text, sRGB",
            png(
                width: 4, height: 4, colourType: 2,
                chunks: [("tEXt", Array("Thumb::URI\0file:///a.jpg".utf8)), ("sRGB", [0])], rowBytes: 12
            ) { x, y in UInt8(x * 20 + y * 3) }
        ),
    ]

    @Test(arguments: plain.map(\.name))
    func plainPNGsMatchSDLImage(name: String) throws {
        let bytes = try #require(Self.plain.first { $0.name == name }).bytes
        try bytes.withUnsafeBytes { buffer in
            #expect(PNGLayout.isPlain(buffer))
            #expect(
                FormatLibrarySet.needed(for: .png) { offset, count in
                    Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)])
                }.isEmpty)
            let ours = try PNGDecoder(bytes: buffer).decode()
            let loaders = try ImageLoader.load(.png, buffer)
            #expect(ours.size == loaders.size)
            #expect(ours.format.isOpaque == loaders.format.isOpaque)
            for y in 0..<ours.height {
                for x in 0..<ours.width {
                    let (a, b) = (ours.pixel(x: x, y: y), loaders.pixel(x: x, y: y))
                    // Where alpha is 0 the colour is undefined; elsewhere every channel agrees.
                    #expect(a == b || (a >> 24 == 0 && b >> 24 == 0), "\(name) at \(x), \(y): \(a) vs \(b)")
                }
            }
        }
    }

    /// Files left to SDL_image: a stated gamma, primaries or profile, 16-bit samples, an animation, an unknown chunk.
    static let notPlain: [(name: String, bytes: [UInt8])] = [
        (
            "gAMA",
            png(width: 2, height: 2, colourType: 2, chunks: [("gAMA", [0, 0, 0xB1, 0x8F])], rowBytes: 6) { _, _ in 9 }
        ),
        (
            "cHRM",
            png(width: 2, height: 2, colourType: 2, chunks: [("cHRM", [UInt8](repeating: 1, count: 32))], rowBytes: 6) {
                _, _ in 9
            }
        ),
        (
            "iCCP",
            png(width: 2, height: 2, colourType: 2, chunks: [("iCCP", Array("p\0\0".utf8) + [120, 156])], rowBytes: 6) {
                _, _ in 9
            }
        ),
        ("16-bit", png(width: 2, height: 2, colourType: 2, depth: 16, rowBytes: 12) { _, _ in 9 }),
        ("over 16 MP", png(width: 4097, height: 4096, colourType: 0, rowBytes: 1) { _, _ in 9 }),
        (
            "acTL",
            png(width: 2, height: 2, colourType: 2, chunks: [("acTL", [0, 0, 0, 1, 0, 0, 0, 0])], rowBytes: 6) { _, _ in
                9
            }
        ),
        ("vpAg", png(width: 2, height: 2, colourType: 2, chunks: [("vpAg", [0, 0, 0, 0])], rowBytes: 6) { _, _ in 9 }),
        ("not a PNG", Array("GIF89a but not really a PNG at all, no".utf8)),
    ]

    @Test(arguments: notPlain.map(\.name))
    func otherPNGsStayWithSDLImage(name: String) throws {
        let bytes = try #require(Self.notPlain.first { $0.name == name }).bytes
        bytes.withUnsafeBytes { #expect(!PNGLayout.isPlain($0)) }
    }

    @Test("a damaged plain PNG is an error naming libpng's reason")
    func damaged() throws {
        let whole = Self.plain[0].bytes
        let cut = Array(whole.prefix(whole.count - 20))
        cut.withUnsafeBytes { buffer in
            #expect(PNGLayout.isPlain(buffer))
            _ = #expect(throws: DecodeFailure.Reason.self) { try PNGDecoder(bytes: buffer).decode() }
        }
    }
}
