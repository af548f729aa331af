import Foundation
import ImageLoader
import Testing

@testable import Gallery
@testable import GalleryScene
@testable import ImageDecoders
@testable import Imaging

/// Every kind of PNG transparency (tRNS in grey at each bit depth, in 8- and 16-bit RGB, in
/// palettes of each bit depth with one or several transparent entries, as PngSuite's t*.png files have them) is drawn
/// as the alpha-composite of its pixels over the gallery's background, computed here independently from the samples
/// written into the file.
extension SDLSerializedTests {
    @Suite @MainActor struct TransparentPNGTests {
        init() throws {
            try SDLTestSession.start()
        }

        /// One transparent PNG: its samples and what each pixel must be (straight colour and alpha).
        struct Variant: CustomStringConvertible {
            var description: String
            var bitDepth: Int
            var colourType: UInt8
            var rows: [[Int]]
            var palette: [UInt8]? = nil
            var transparency: [UInt8]? = nil
            var expected: [[RGBA]]
        }

        nonisolated static let width = 8
        nonisolated static let height = 3

        nonisolated static func grey(bitDepth: Int) -> Variant {
            let maximum = (1 << bitDepth) - 1
            let values = (0..<height).map { y in
                (0..<width).map { x in bitDepth == 16 ? (x * 9001 + y * 4321) % 65_536 : (x * 3 + y * 5) % (maximum + 1)
                }
            }
            let key = values[0][1]
            let expected = values.map { row in
                row.map { value -> RGBA in
                    let grey = UInt8(bitDepth == 16 ? value >> 8 : value * 255 / maximum)
                    return RGBA(r: grey, g: grey, b: grey, a: value == key ? 0 : 255)
                }
            }
            return Variant(
                description: "grey \(bitDepth)-bit, tRNS", bitDepth: bitDepth, colourType: 0, rows: values,
                transparency: PNGWriter.be(key, 2), expected: expected)
        }

        nonisolated static func rgb(bitDepth: Int) -> Variant {
            let colours = (0..<height).map { y in
                (0..<width).map { x in
                    // The key colour, (10, 20, 30), appears on a diagonal; every other pixel has a colour of its own.
                    x == y * 2 ? [10, 20, 30] : [(x * 40 + y * 7) % 256, (x * 90 + 5) % 256, (y * 120 + x + 60) % 256]
                }
            }
            // 16-bit samples: the key colour as (v << 8 | v + 1), whose two bytes differ (SDL_image keyed the low
            // bytes while keeping the high ones), the others as v · 257. SDL_image keeps only the high byte, so the key
            // is matched on it (approximate for a pixel differing from the key in its low bytes only: FORMATS.md).
            func wide(_ value: Int, keyed: Bool) -> Int { keyed ? value << 8 | (value + 1) : value * 257 }
            let samples = colours.map { row in
                row.flatMap { colour in colour.map { bitDepth == 16 ? wide($0, keyed: colour == [10, 20, 30]) : $0 } }
            }
            let keySamples = [10, 20, 30].flatMap { PNGWriter.be(bitDepth == 16 ? wide($0, keyed: true) : $0, 2) }
            let expected = colours.map { row in
                row.map { colour in
                    RGBA(
                        r: UInt8(colour[0]), g: UInt8(colour[1]), b: UInt8(colour[2]),
                        a: colour == [10, 20, 30] ? 0 : 255)
                }
            }
            return Variant(
                description: "RGB \(bitDepth)-bit, tRNS", bitDepth: bitDepth, colourType: 2, rows: samples,
                transparency: keySamples, expected: expected)
        }

        nonisolated static let paletteColours: [RGBA] = [
            RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 200, b: 0), RGBA(r: 30, g: 60, b: 255), RGBA(r: 250, g: 240, b: 10),
            RGBA(r: 128, g: 128, b: 128),
        ]

        nonisolated static func palette(bitDepth: Int, alphas: [UInt8]) -> Variant {
            let count = min(1 << bitDepth, paletteColours.count)
            let indexes = (0..<height).map { y in (0..<width).map { x in (x + 2 * y) % count } }
            let expected = indexes.map { row in
                row.map { index -> RGBA in
                    var colour = paletteColours[index]
                    colour.a = index < alphas.count ? alphas[index] : 255
                    return colour
                }
            }
            return Variant(
                description: "palette \(bitDepth)-bit, tRNS \(alphas)", bitDepth: bitDepth, colourType: 3,
                rows: indexes,
                palette: paletteColours.prefix(count).flatMap { [$0.r, $0.g, $0.b] }, transparency: alphas,
                expected: expected)
        }

        nonisolated static let variants: [Variant] =
            [1, 2, 4, 8, 16].map(grey) + [8, 16].map(rgb) + [
                palette(bitDepth: 1, alphas: [0]), palette(bitDepth: 2, alphas: [255, 0]),
                palette(bitDepth: 4, alphas: [0]),
                palette(bitDepth: 8, alphas: [0]), palette(bitDepth: 8, alphas: [0, 64, 128, 200]),
                palette(bitDepth: 2, alphas: [0, 0, 90]),
            ]

        @Test(arguments: variants)
        func compositesOverTheBackground(variant: Variant) throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(
                PNGWriter.png(
                    width: Self.width, height: Self.height, bitDepth: variant.bitDepth, colourType: variant.colourType,
                    rows: variant.rows, palette: variant.palette, transparency: variant.transparency), to: "t.png")
            let size = PixelSize(width: Self.width, height: Self.height)
            let decoded = try ImageDecoder().decode(.file(path: path), fitting: size)
            #expect(decoded.size == size)
            #expect(decoded.hasStandardFormat)

            // Drawn as the gallery draws a page: a texture copied over the cleared background.
            let renderer = try Renderer(target: try Surface(width: Self.width, height: Self.height, opaque: true))
            try renderer.setDrawColor(ScenePainter.background)
            try renderer.clear()
            try renderer.copy(
                try renderer.makeTexture(from: decoded.pixels),
                to: PixelRect(x: 0, y: 0, width: Self.width, height: Self.height))
            let shown = try renderer.readPixels()
            let background = ScenePainter.background
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let want = variant.expected[y][x]
                    func over(_ colour: UInt8, _ under: UInt8) -> Int {
                        (Int(colour) * Int(want.a) + Int(under) * (255 - Int(want.a)) + 127) / 255
                    }
                    let expected = [over(want.r, background.r), over(want.g, background.g), over(want.b, background.b)]
                    let got = shown.pixel(x: x, y: y)
                    let actual = [Int(got.r), Int(got.g), Int(got.b)]
                    let close = zip(expected, actual).allSatisfy { abs($0 - $1) <= 2 }
                    #expect(close, "\(variant) at (\(x), \(y)): \(actual), expected \(expected) (\(want))")
                }
            }
        }
    }
}
