import Foundation
import GalleryCore
import Support
import Testing

@testable import ImageDecoders
@testable import Imaging

/// A HEIF file's embedded thumbnail as the page's first picture, and the primary image reduced by the decoder plugin to a
/// fraction of its size: both in the colours the full decode gives.
@Suite struct HEIFPreviewTests {
    /// Four flat quadrants, 640 × 480: red, green over blue, light grey (each far from the others).
    static let size = PixelSize(width: 640, height: 480)
    static let quadrants: [RGBA] = [
        RGBA(r: 220, g: 30, b: 30), RGBA(r: 30, g: 180, b: 30), RGBA(r: 30, g: 30, b: 220),
        RGBA(r: 230, g: 230, b: 230),
    ]

    /// The quadrants as a 4:2:0 Y4M (BT.601, full range), which heif-enc and avifenc both read.
    static func y4m() -> [UInt8] {
        func colour(_ x: Int, _ y: Int) -> RGBA {
            quadrants[(x >= size.width / 2 ? 1 : 0) + (y >= size.height / 2 ? 2 : 0)]
        }
        func ycbcr(_ c: RGBA) -> (UInt8, UInt8, UInt8) {
            let (r, g, b) = (Double(c.r), Double(c.g), Double(c.b))
            let y = 0.299 * r + 0.587 * g + 0.114 * b
            func byte(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }
            return (byte(y), byte((b - y) / 1.772 + 128), byte((r - y) / 1.402 + 128))
        }
        // XCOLORRANGE tells avifenc the samples are full range (heif-enc takes them so).
        let header = "YUV4MPEG2 W\(size.width) H\(size.height) F25:1 Ip A1:1 C420jpeg XCOLORRANGE=FULL\nFRAME\n"
        var bytes = Array(header.utf8)
        for y in 0..<size.height { for x in 0..<size.width { bytes.append(ycbcr(colour(x, y)).0) } }
        for plane in 1...2 {
            for y in stride(from: 0, to: size.height, by: 2) {
                for x in stride(from: 0, to: size.width, by: 2) {
                    let sample = ycbcr(colour(x, y))
                    bytes.append(plane == 1 ? sample.1 : sample.2)
                }
            }
        }
        return bytes
    }

    /// The quadrants encoded by `command` (a shell command taking the Y4M as $1 and the output as $2).
    static func encoded(_ command: String, name: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heif-preview-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("quadrants.y4m"), output = folder.appendingPathComponent(name)
        try Data(y4m()).write(to: input)
        let outcome = try ChildProcess.run(
            shellCommand: command, arguments: [Array(input.path.utf8), Array(output.path.utf8)], timeout: 60,
            maxLines: 200
        ).get()
        try #require(outcome.exitStatus == 0, "\(command) failed: \(outcome.lastErrorLine ?? "")")
        return Array(try Data(contentsOf: output))
    }

    static let withThumbnail = "heif-enc -q 90 -t 64 \"$1\" -o \"$2\""
    static let withoutThumbnail = "heif-enc -q 90 \"$1\" -o \"$2\""

    /// The colour at the centre of each quadrant of `pixels`.
    static func quadrantColours(_ pixels: PixelBuffer) -> [RGBA] {
        [(1, 1), (3, 1), (1, 3), (3, 3)].map { column, row in
            let word = pixels.pixel(x: pixels.width * column / 4, y: pixels.height * row / 4)
            return RGBA(r: UInt8(word >> 16 & 0xFF), g: UInt8(word >> 8 & 0xFF), b: UInt8(word & 0xFF))
        }
    }

    /// Whether each channel of `a` and `b` differs by at most `tolerance`.
    static func close(_ a: [RGBA], _ b: [RGBA], within tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { a, b in
            abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
                && abs(Int(a.b) - Int(b.b)) <= tolerance
        }
    }

    @Test("a HEIC's thumbnail previews it, at the thumbnail's size fitted to the page, in the sharp decode's colours")
    func thumbnailPreview() throws {
        let bytes = try Self.encoded(Self.withThumbnail, name: "thumbnail.heic")
        let box = PixelSize(width: 400, height: 400)
        let (preview, sharp) = try bytes.withUnsafeBytes { buffer in
            let decoder = HEIFDecoder(bytes: buffer, maximumSide: 16_384)
            return (
                try decoder.preview(fitting: box, accepts: { _ in true }),
                try decoder.decode(fitting: box, accepts: { _ in true })
            )
        }
        let shown = try #require(preview, "a thumbnail was written: a preview is expected")
        // The 64 × 48 thumbnail fitted inside 400 × 400, as the primary image is.
        #expect(shown.image.pixels.size == PixelSize(width: 400, height: 300))
        #expect(shown.image.pixels.size == Self.size.fitted(inside: box))
        let previewColours = Self.quadrantColours(shown.image.pixels)
        let sharpColours = Self.quadrantColours(try sharp.pixels.scaled(toFit: box))
        #expect(Self.close(previewColours, sharpColours, within: 24), "\(previewColours) against \(sharpColours)")
    }

    @Test("a HEIC without a thumbnail has no preview: only the full decode shows it")
    func noThumbnailNoPreview() throws {
        let bytes = try Self.encoded(Self.withoutThumbnail, name: "plain.heic")
        let preview = try bytes.withUnsafeBytes { buffer in
            try HEIFDecoder(bytes: buffer, maximumSide: 16_384).preview(
                fitting: PixelSize(width: 400, height: 400), accepts: { _ in true })
        }
        #expect(preview == nil)
    }

    @Test("a thumbnail large enough for the page is the full decode itself: no preview before it")
    func coveringThumbnailIsNoPreview() throws {
        let bytes = try Self.encoded(Self.withThumbnail, name: "covering.heic")
        let box = PixelSize(width: 64, height: 64)
        let (preview, sharp) = try bytes.withUnsafeBytes { buffer in
            let decoder = HEIFDecoder(bytes: buffer, maximumSide: 16_384)
            return (
                try decoder.preview(fitting: box, accepts: { _ in true }),
                try decoder.decode(fitting: box, accepts: { _ in true })
            )
        }
        #expect(preview == nil)
        #expect(sharp.pixels.size == PixelSize(width: 64, height: 48), "the thumbnail, decoded as the page")
    }

    /// A picture drawn at a quarter of its size is reduced by the decoder plugin to a quarter of its size, in the
    /// colours the full decode gives (HEVC through libde265, AV1 through dav1d).
    @Test(arguments: [
        ("heif-enc -q 90 \"$1\" -o \"$2\"", "reduced.heic"),
        ("avifenc -s 8 \"$1\" \"$2\" >/dev/null", "reduced.avif"),
    ])
    func reducedDecodeKeepsColours(command: String, name: String) throws {
        let bytes = try Self.encoded(command, name: name)
        let box = PixelSize(width: 160, height: 160)
        let (reduced, full) = try bytes.withUnsafeBytes { buffer in
            let decoder = HEIFDecoder(bytes: buffer, maximumSide: 16_384)
            return (
                try decoder.decode(fitting: box, accepts: { _ in true }),
                try decoder.decode(fitting: nil, accepts: { _ in true })
            )
        }
        #expect(reduced.pixels.size == PixelSize(width: 160, height: 120), "640 × 480 reduced 4 times, not scaled")
        #expect(full.pixels.size == Self.size)
        let reducedColours = Self.quadrantColours(reduced.pixels)
        let fullColours = Self.quadrantColours(full.pixels)
        #expect(Self.close(reducedColours, fullColours, within: 3), "\(reducedColours) against \(fullColours)")
        #expect(Self.close(reducedColours, Self.quadrants, within: 8), "\(reducedColours) against the source")
    }

    @Test(arguments: [
        (PixelSize(width: 4000, height: 3000), PixelSize(width: 960, height: 720), 4),
        (PixelSize(width: 640, height: 480), PixelSize(width: 400, height: 300), 1),
        (PixelSize(width: 640, height: 480), PixelSize(width: 160, height: 120), 4),
        (PixelSize(width: 100, height: 100), PixelSize(width: 0, height: 0), 1),
        // 3 would cover the width but leave 666 rows for 667.
        (PixelSize(width: 3000, height: 2000), PixelSize(width: 1000, height: 667), 2),
    ])
    func reductionNeverGoesBelowThePage(size: PixelSize, fitted: PixelSize, factor: Int) {
        #expect(PictureReduction.factor(from: size, covering: fitted) == factor)
    }
}
