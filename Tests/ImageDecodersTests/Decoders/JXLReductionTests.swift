import Foundation
import GalleryCore
import Testing

@testable import ImageDecoders
@testable import Imaging

/// A JPEG XL picture shown at a fraction of its size: reduced as libjxl renders its rows, in the full decode's colours.
@Suite struct JXLReductionTests {
    /// Four flat quadrants, 640 × 480, as a binary PPM (which cjxl reads).
    static func ppm() -> [UInt8] {
        let size = HEIFPreviewTests.size
        var bytes = Array("P6\n\(size.width) \(size.height)\n255\n".utf8)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let colour = HEIFPreviewTests.quadrants[(x >= size.width / 2 ? 1 : 0) + (y >= size.height / 2 ? 2 : 0)]
                bytes += [colour.r, colour.g, colour.b]
            }
        }
        return bytes
    }

    /// The quadrants encoded by cjxl with `options` (VarDCT at distance 1 unless they say otherwise).
    static func encoded(_ options: String, name: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jxl-reduction-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("quadrants.ppm"), output = folder.appendingPathComponent(name)
        try Data(ppm()).write(to: input)
        let outcome = try ChildProcess.run(
            shellCommand: "cjxl -e 3 \(options) \"$1\" \"$2\" 2>/dev/null",
            arguments: [Array(input.path.utf8), Array(output.path.utf8)], timeout: 60, maxLines: 200
        ).get()
        try #require(outcome.exitStatus == 0, "cjxl failed: \(outcome.lastErrorLine ?? "")")
        return Array(try Data(contentsOf: output))
    }

    @Test("a picture drawn at a quarter of its size comes reduced four times, in the full decode's colours")
    func reducedDecodeKeepsColours() throws {
        let bytes = try Self.encoded("-d 1", name: "reduced.jxl")
        let (reduced, full) = try bytes.withUnsafeBytes { buffer in
            let decoder = JXLDecoder(bytes: buffer)
            return (
                try decoder.decodeWithColour(fitting: PixelSize(width: 160, height: 160), accepts: { _ in true }).image,
                try decoder.decodeWithColour(fitting: nil, accepts: { _ in true }).image
            )
        }
        #expect(reduced.pixels.size == PixelSize(width: 160, height: 120), "640 × 480 reduced 4 times, not scaled")
        #expect(reduced.pixels.format == .xrgb8888)
        #expect(full.pixels.size == HEIFPreviewTests.size)
        let reducedColours = HEIFPreviewTests.quadrantColours(reduced.pixels)
        let fullColours = HEIFPreviewTests.quadrantColours(full.pixels)
        #expect(
            HEIFPreviewTests.close(reducedColours, fullColours, within: 3), "\(reducedColours) against \(fullColours)")
        #expect(
            HEIFPreviewTests.close(reducedColours, HEIFPreviewTests.quadrants, within: 8),
            "\(reducedColours) against the source")
    }

    @Test("the reduction averages whole blocks, and leaves a last partial block out")
    func blockMeans() throws {
        let reduction = JXLReduction(size: PixelSize(width: 7, height: 4), factor: 2)
        #expect(reduction.size == PixelSize(width: 3, height: 2))
        // Rows arrive in pieces, out of order, as libjxl's threads hand them over: each pixel (x, y) is (10·x, 20·y, 7).
        for (x, y, count) in [(4, 1, 3), (0, 3, 7), (0, 1, 4), (0, 0, 7), (2, 2, 5), (0, 2, 2)] {
            let rgb: [UInt8] = (x..<x + count).flatMap { column -> [UInt8] in [UInt8(10 * column), UInt8(20 * y), 7] }
            rgb.withUnsafeBufferPointer { reduction.add(x: x, y: y, count: count, rgb: $0.baseAddress!) }
        }
        let pixels = try reduction.pixels()
        for y in 0..<2 {
            for x in 0..<3 {
                // Columns 2x and 2x + 1, rows 2y and 2y + 1.
                let expected = UInt32(0xFF00_0000) | UInt32(20 * x + 5) << 16 | UInt32(40 * y + 10) << 8 | 7
                #expect(pixels.pixel(x: x, y: y) == expected, "(\(x), \(y))")
            }
        }
    }
}
