import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Colour management: an sRGB picture converted by ImageMagick (through lcms) to Adobe RGB or ProPhoto with the
    /// profile embedded, in each format that can carry one, renders within a small ΔE of the sRGB original, and
    /// visibly differs with colour management off; photos stating no colour are byte-identical either way; hostile
    /// profiles are ignored.
    @Suite struct ColourManagementTests {
        static let size = PixelSize(width: 96, height: 64)
        static let profiles = "/usr/share/color/icc/ghostscript/"

        /// Hues across, from saturated (top) to pale (bottom): all inside sRGB, so inside Adobe RGB and ProPhoto.
        static func colour(_ x: Int, _ y: Int) -> RGBA {
            let hue = Double(x) / Double(size.width) * 6, saturation = 1 - Double(y) / Double(size.height) * 0.8
            func channel(_ offset: Double) -> UInt8 {
                let k = (hue + offset).truncatingRemainder(dividingBy: 6)
                let value = 1 - saturation * max(0, min(1, min(k, 4 - k)))
                return UInt8((value * 230 + 12).rounded())
            }
            return RGBA(r: channel(5), g: channel(3), b: channel(1))
        }

        let folder: TemporaryDirectory
        let source: String

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
            source = try folder.write(
                EncodedFixture.ppm(width: Self.size.width, height: Self.size.height, Self.colour), to: "source.ppm")
        }

        /// `source` converted from sRGB to `profile` (a ghostscript ICC file) into `name`, the profile embedded.
        func converted(to profile: String, _ name: String, options: [String] = []) throws -> String {
            let output = folder.path(name)
            let arguments =
                ["convert", source, "-profile", Self.profiles + "srgb.icc", "-profile", Self.profiles + profile]
                + options + [output]
            try #require(EncodedFixture.run(arguments), "convert failed: \(arguments)")
            return output
        }

        /// The mean and largest CIE76 ΔE between `surface` and the source picture (or `reference`).
        static func deltaE(_ surface: DecodedPicture, _ reference: DecodedPicture? = nil) -> (
            mean: Double, maximum: Double
        ) {
            var total = 0.0, maximum = 0.0
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let a = lab(surface.pixel(x: x, y: y)), b = lab(reference?.pixel(x: x, y: y) ?? colour(x, y))
                    let distance = ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2))
                        .squareRoot()
                    total += distance
                    maximum = max(maximum, distance)
                }
            }
            return (total / Double(size.area), maximum)
        }

        /// CIE L*a*b* (D65) of an sRGB colour.
        static func lab(_ c: RGBA) -> (Double, Double, Double) {
            func linear(_ v: UInt8) -> Double {
                let s = Double(v) / 255
                return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            let r = linear(c.r), g = linear(c.g), b = linear(c.b)
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }

        static func decoder(managing: Bool) -> ImageDecoder {
            var decoder = ImageDecoder()
            decoder.managesColour = managing
            return decoder
        }

        func decoded(_ path: String, managing: Bool = true) throws -> DecodedPicture {
            let surface = try Self.decoder(managing: managing).decode(.file(path: path), fitting: Self.size)
            try #require(surface.size == Self.size)
            return surface
        }

        /// Each format, the profile converted to, ImageMagick's options, and the encoder that re-encodes the result
        /// (nil: ImageMagick's file as it is).
        static let cases: [(String, String, [String], EncodedFixture.Encoder?)] = [
            ("a98.jpg", "a98.icc", ["-quality", "95"], nil),
            ("prophoto.jpg", "rommrgb.icc", ["-quality", "95"], nil),
            ("prophoto.png", "rommrgb.icc", [], nil),
            ("a98.png", "a98.icc", [], nil),
            ("prophoto.webp", "rommrgb.icc", ["-define", "webp:lossless=true"], nil),
            ("prophoto.tif", "rommrgb.icc", [], nil),
            ("prophoto-heic.png", "rommrgb.icc", [], .heic),
            ("prophoto-avif.png", "rommrgb.icc", [], .avif),
            ("prophoto-jxl.png", "rommrgb.icc", [], .jxl),
        ]

        /// Within ΔE 3 on average of the original with colour management; visibly off (the ProPhoto ones grossly)
        /// without.
        @Test(arguments: cases)
        func embeddedProfileRendersAsTheOriginal(
            name: String, profile: String, options: [String], encoder: EncodedFixture.Encoder?
        ) throws {
            var path = try converted(to: profile, name, options: options)
            if let encoder {
                let output = folder.path(name + "." + encoder.rawValue)
                try #require(EncodedFixture.encode(path, with: encoder, to: output), "\(encoder.program) failed")
                path = output
            }
            let managed = Self.deltaE(try decoded(path))
            let unmanaged = Self.deltaE(try decoded(path, managing: false))
            print(
                "ΔE \(name)\(encoder.map { " → \($0.rawValue)" } ?? ""): managed mean \(managed.mean) max \(managed.maximum); unmanaged mean \(unmanaged.mean) max \(unmanaged.maximum)"
            )
            #expect(managed.mean < 3, "\(name): mean ΔE \(managed.mean)")
            #expect(unmanaged.mean > 3 * managed.mean && unmanaged.mean > 4, "\(name): unmanaged ΔE \(unmanaged)")
        }

        /// With an output profile (the display's), a photo with a profile is converted to it: an Adobe RGB file shown
        /// on an "Adobe RGB display" keeps its stored values (within rounding); a photo without one is left alone.
        @Test func outputProfileIsTheTarget() throws {
            let path = try converted(to: "a98.icc", "a98-display.png")
            var decoder = Self.decoder(managing: true)
            decoder.outputProfile = try #require(FileManager.default.contents(atPath: Self.profiles + "a98.icc"))
                .map { $0 }
            let onA98 = try decoder.decode(.file(path: path), fitting: Self.size)
            let stored = try decoded(path, managing: false)
            let difference = Self.deltaE(onA98, stored)
            #expect(difference.maximum < 1.5, "\(difference)")
            let plain = folder.path("plain-display.png")
            try #require(EncodedFixture.run(["convert", source, plain]))
            #expect(pixels(try decoder.decode(.file(path: plain), fitting: Self.size)) == pixels(try decoded(plain)))
        }

        /// A CMYK JPEG with its profile (ghostscript's SWOP, split over three APP2 segments) is converted through it:
        /// within a small ΔE of ImageMagick's own rendering through lcms (SWOP's gamut is smaller than sRGB's, so the
        /// source itself is not the reference), much closer than the naive ink formula profile-less CMYK gets.
        @Test func cmykJPEGUsesItsProfile() throws {
            let path = try converted(to: "default_cmyk.icc", "cmyk.jpg", options: ["-quality", "95"])
            let rendered = folder.path("cmyk-rendered.png")
            try #require(EncodedFixture.run(["convert", path, "-profile", Self.profiles + "srgb.icc", rendered]))
            let reference = try decoded(rendered, managing: false)
            let managed = Self.deltaE(try decoded(path), reference)
            let naive = Self.deltaE(try decoded(path, managing: false), reference)
            print(
                "ΔE CMYK JPEG vs ImageMagick: managed mean \(managed.mean) max \(managed.maximum); naive \(naive.mean)")
            #expect(managed.mean < 3 && managed.mean < naive.mean / 3, "managed \(managed), naive \(naive)")
        }

        /// PNG `gAMA` 1.0 (linear light, as ImageMagick writes linear RGB) is honoured.
        @Test func pngGammaIsHonoured() throws {
            let output = folder.path("linear.png")
            try #require(EncodedFixture.run(["convert", source, "-colorspace", "RGB", "-depth", "16", output]))
            let managed = Self.deltaE(try decoded(output))
            let unmanaged = Self.deltaE(try decoded(output, managing: false))
            print("ΔE linear PNG (gAMA 1.0): managed mean \(managed.mean); unmanaged mean \(unmanaged.mean)")
            #expect(managed.mean < 3 && unmanaged.mean > 10, "managed \(managed), unmanaged \(unmanaged)")
        }

        /// Files stating no colour, or sRGB (ImageMagick's default `gAMA` 1/2.2 with sRGB's `cHRM`, or the `sRGB`
        /// chunk), decode byte for byte as with colour management off.
        @Test(arguments: ["plain.jpg", "plain.png", "srgb-chunk.png", "plain.webp", "plain.heic", "plain.avif"])
        func unstatedColourIsUnchanged(name: String) throws {
            let path = folder.path(name)
            switch name {
            case "plain.heic", "plain.avif":
                let png = folder.path(name + ".png")
                try #require(EncodedFixture.run(["convert", source, png]))
                try #require(EncodedFixture.encode(png, with: name.hasSuffix("heic") ? .heic : .avif, to: path))
            case "srgb-chunk.png":
                try #require(EncodedFixture.run(["convert", source, "-intent", "Perceptual", path]))
            case "plain.png":
                // ImageMagick states sRGB's gamma and primaries (gAMA, cHRM): still no conversion.
                try #require(EncodedFixture.run(["convert", source, path]))
            default:
                try #require(EncodedFixture.run(["convert", source, "-strip", path]))
            }
            #expect(pixels(try decoded(path)) == pixels(try decoded(path, managing: false)), "\(name)")
        }

        /// A profile lcms cannot read, or a JPEG's ICC parts that do not add up, is ignored: shown as sRGB, no crash.
        @Test(arguments: [
            ("garbage", [ICCPart(index: 1, count: 1, bytes: Array(repeating: 0x41, count: 600))]),
            ("missing part", [ICCPart(index: 1, count: 2, bytes: ICCPart.srgbProfile)]),
            ("repeated part", [ICCPart(index: 1, count: 1, bytes: []), ICCPart(index: 1, count: 1, bytes: [])]),
            ("zero count", [ICCPart(index: 0, count: 0, bytes: ICCPart.srgbProfile)]),
        ])
        func hostileJPEGProfileIsIgnored(name: String, parts: [ICCPart]) throws {
            let plain = JPEGFixture.rgb(width: Self.size.width, height: Self.size.height, orientation: 1, Self.colour)
            let hostile = ICCPart.inserting(parts, into: plain)
            let reference = try folder.write(plain, to: "plain.jpg")
            let path = try folder.write(hostile, to: "hostile.jpg")
            #expect(pixels(try decoded(path)) == pixels(try decoded(reference)), "\(name)")
        }

        /// A profile split over three APP2 segments is joined in order, whatever order the segments come in.
        @Test func jpegProfileSplitOverSegmentsIsJoined() throws {
            let profile = ICCPart.srgbProfile
            try #require(profile.count > 300)
            let thirds = [0..<100, 100..<200, 200..<profile.count].map { Array(profile[$0]) }
            let parts = [2, 0, 1].map { ICCPart(index: UInt8($0 + 1), count: 3, bytes: thirds[$0]) }
            let plain = JPEGFixture.rgb(width: 8, height: 8, orientation: 1) { _, _ in .white }
            let joined = ICCPart.inserting(parts, into: plain)
            #expect(joined.withUnsafeBytes { EmbeddedColour.read(jpeg: $0) } == .icc(profile))
            #expect(plain.withUnsafeBytes { EmbeddedColour.read(jpeg: $0) } == nil)
        }

        /// The readers on hand-made statements: what each format says, and damaged ones refused (nil: sRGB).
        @Test(
            arguments: [
                (
                    "TIFF profile",
                    Array("II*\0".utf8) + [8, 0, 0, 0, 1, 0, 0x73, 0x87, 7, 0, 8, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0]
                        + Array("abcdefgh".utf8), EmbeddedColour.icc(Array("abcdefgh".utf8))
                ),
                (
                    "TIFF profile past the end",
                    Array("MM\0*".utf8) + [0, 0, 0, 8, 0, 1, 0x87, 0x73, 0, 7, 0, 0, 0, 8, 0, 0, 0, 99]
                        + [0, 0, 0, 0], nil
                ),
                ("TIFF directory past the end", Array("II*\0".utf8) + [0xFF, 0xFF, 0, 0], nil),
                ("PNG gAMA 1/2.2 alone", ColourManagementTests.png(["gAMA": [0, 0, 0xB1, 0x8F]]), nil),
                (
                    "PNG gAMA 1.0", ColourManagementTests.png(["gAMA": [0, 1, 0x86, 0xA0]]),
                    .primaries(EmbeddedColour.sRGBChromaticities, transfer: .power(1))
                ),
                ("PNG sRGB beats gAMA", ColourManagementTests.png(["sRGB": [0], "gAMA": [0, 1, 0x86, 0xA0]]), nil),
                ("PNG iCCP without a name", ColourManagementTests.png(["iCCP": [0, 0, 0x78]]), nil),
                (
                    "PNG iCCP", ColourManagementTests.png(["iCCP": Array("p\0\0".utf8) + [0x78, 0x9C]]),
                    .compressedICC([0x78, 0x9C])
                ),
                // The icc fuzz target's first find: an iCCP chunk whose stream is empty read as an empty profile.
                ("PNG iCCP with an empty stream", ColourManagementTests.png(["iCCP": [0x04, 0x67, 0, 0]]), nil),
                ("PNG gAMA zero", ColourManagementTests.png(["gAMA": [0, 0, 0, 0]]), nil),
            ] as [(String, [UInt8], EmbeddedColour?)])
        func readersParseStatements(name: String, bytes: [UInt8], expected: EmbeddedColour?) {
            let read = bytes.withUnsafeBytes { buffer in
                name.hasPrefix("TIFF") ? EmbeddedColour.read(tiff: buffer) : EmbeddedColour.read(png: buffer)
            }
            #expect(read == expected, "\(name)")
        }

        /// A PNG signature and IHDR, then `chunks` (in key order), with dummy CRCs (the readers do not check them).
        static func png(_ chunks: [String: [UInt8]]) -> [UInt8] {
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            bytes += [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0, 0, 0, 0]
            for (type, data) in chunks.sorted(by: { $0.key > $1.key }) {
                bytes += PNGWriter.be(data.count, 4) + Array(type.utf8) + data + [0, 0, 0, 0]
            }
            return bytes
        }

        /// PNG `iCCP` whose zlib stream is damaged, and a WebP `ICCP` chunk of garbage: ignored.
        @Test func hostilePNGAndWebPProfilesAreIgnored() throws {
            let rows = (0..<Self.size.height).map { y in
                (0..<Self.size.width).flatMap { x in [Self.colour(x, y)].flatMap { [Int($0.r), Int($0.g), Int($0.b)] } }
            }
            let plain = PNGWriter.png(
                width: Self.size.width, height: Self.size.height, bitDepth: 8, colourType: 2, rows: rows)
            let damaged = PNGWriter.png(
                width: Self.size.width, height: Self.size.height, bitDepth: 8, colourType: 2, rows: rows,
                chunks: [("iCCP", Array("x\0\0".utf8) + [0x78, 0x9C, 0xFF, 0xFF, 0x00])])
            let reference = pixels(try decoded(try folder.write(plain, to: "plain.png")))
            #expect(pixels(try decoded(try folder.write(damaged, to: "damaged.png"))) == reference)
            #expect(ColourTransform.inflated([0x78, 0x9C, 0xFF, 0xFF, 0x00]) == nil)
            let webp = try converted(
                to: "srgb.icc", "plain.webp", options: ["-strip", "-define", "webp:lossless=true"])
            var bytes = try #require(FileManager.default.contents(atPath: webp).map { [UInt8]($0) })
            #expect(bytes.withUnsafeBytes { EmbeddedColour.read(webp: $0) } == nil)
            // A VP8X header announcing an ICC profile, then an ICCP chunk of garbage, then the original image chunk.
            let image = Array(bytes[12...])
            let garbage = Array("ICCP".utf8) + [16, 0, 0, 0] + Array(repeating: 0x5A, count: 16)
            let vp8x =
                Array("VP8X".utf8) + [10, 0, 0, 0, 0x20, 0, 0, 0] + le24(Self.size.width - 1)
                + le24(Self.size.height - 1)
            let body = Array("WEBP".utf8) + vp8x + garbage + image
            bytes = Array("RIFF".utf8) + le32(body.count) + body
            #expect(bytes.withUnsafeBytes { EmbeddedColour.read(webp: $0) } == .icc(Array(repeating: 0x5A, count: 16)))
            let path = try folder.write(bytes, to: "hostile.webp")
            #expect(pixels(try decoded(path)) == pixels(try decoded(webp)))
        }

        func pixels(_ surface: DecodedPicture) -> [RGBA] {
            (0..<surface.height).flatMap { y in (0..<surface.width).map { surface.pixel(x: $0, y: y) } }
        }

        func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    }
}

/// One APP2 `ICC_PROFILE` segment: part `index` of `count`.
struct ICCPart: Sendable, CustomTestStringConvertible {
    var index: UInt8
    var count: UInt8
    var bytes: [UInt8]

    var testDescription: String { "part \(index)/\(count), \(bytes.count) bytes" }

    /// ghostscript's sRGB profile.
    static let srgbProfile: [UInt8] =
        FileManager.default.contents(atPath: "/usr/share/color/icc/ghostscript/srgb.icc").map { [UInt8]($0) } ?? []

    /// `jpeg` with `parts` as APP2 segments after SOI.
    static func inserting(_ parts: [ICCPart], into jpeg: [UInt8]) -> [UInt8] {
        let segments = parts.flatMap { part -> [UInt8] in
            let data = Array("ICC_PROFILE\0".utf8) + [part.index, part.count] + part.bytes
            return [0xFF, 0xE2, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
        }
        return Array(jpeg[0..<2]) + segments + Array(jpeg[2...])
    }
}
