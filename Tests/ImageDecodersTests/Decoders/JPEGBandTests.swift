import CTurboJPEG
import Glibc
import Imaging
import Testing

@testable import ImageDecoders

/// A large sequential JPEG is decoded in two bands on two cores: the pixels are those of one pass, whatever the
/// subsampling and the DCT scale; a progressive file, and a damaged one, take one pass.
@Suite struct JPEGBandTests {
    /// A 2400×1600 picture with detail everywhere (so every block costs Huffman work), as a JPEG.
    static func photo(subsampling: TJSAMP, progressive: Bool = false) -> [UInt8] {
        let (width, height) = (2400, 1600)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 0x9E37_79B9
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let index = (y * width + x) * 3
                pixels[index] = UInt8(truncatingIfNeeded: x / 7 + Int(state >> 28))
                pixels[index + 1] = UInt8(truncatingIfNeeded: y / 5 + Int(state >> 29))
                pixels[index + 2] = UInt8(truncatingIfNeeded: (x + y) / 9)
            }
        }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
                Int32(subsampling.rawValue), 90, progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Whether two buffers hold the same pixels.
    static func samePixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return (0..<a.height).allSatisfy { y in memcmp(a.row(y), b.row(y), a.width * 4) == 0 }
    }

    /// Decodes `jpeg` for `box` in bands (nil: its plan takes one pass; false: the bands failed or warned) and in
    /// one pass, as `decode` does each.
    static func decodeBothWays(_ jpeg: [UInt8], box: PixelSize) throws -> (
        split: (row: Int, scaleEighths: Int)?, bands: (succeeded: Bool, pixels: PixelBuffer)?, decoded: DecodedImage,
        onePass: DecodedImage
    ) {
        try jpeg.withUnsafeBytes { bytes in
            let decoder = JPEGDecoder(bytes: bytes, orientation: .up)
            let plan = try decoder.plan(fitting: box) { _ in true }
            let split = decoder.bandSplit(plan)
            var bands: (Bool, PixelBuffer)?
            if let split {
                let buffer = try PixelBuffer(
                    width: plan.scaledSize.width, height: plan.scaledSize.height, format: .xrgb8888)
                bands = (decoder.decodeInBands(plan, split: split, into: buffer), buffer)
            }
            return (split, bands, try decoder.decode(plan), try decoder.decode(plan, inBands: false))
        }
    }

    @Test(
        "two bands give one pass's pixels",
        arguments: [TJSAMP_444, TJSAMP_422, TJSAMP_420],
        [
            (PixelSize(width: 2400, height: 1600), 8), (PixelSize(width: 1500, height: 1000), 5),
            (PixelSize(width: 1200, height: 800), 4),
        ])
    func bandsMatchOnePass(subsampling: TJSAMP, target: (box: PixelSize, eighths: Int)) throws {
        let decoded = try Self.decodeBothWays(Self.photo(subsampling: subsampling), box: target.box)
        let split = try #require(decoded.split, "a sequential picture of \(target.box) is decoded in bands")
        let bands = try #require(decoded.bands)
        #expect(split.scaleEighths == target.eighths)
        #expect(split.row > 0 && split.row < bands.pixels.height)
        #expect(bands.succeeded)
        #expect(Self.samePixels(bands.pixels, decoded.onePass.pixels))
        #expect(decoded.decoded.damageNote == nil)
        #expect(Self.samePixels(decoded.decoded.pixels, decoded.onePass.pixels))
    }

    @Test("a progressive file and a small picture take one pass")
    func onePassWhereBandsCannotHelp() throws {
        #expect(
            try Self.decodeBothWays(
                Self.photo(subsampling: TJSAMP_420, progressive: true), box: PixelSize(width: 1500, height: 1000)
            ).split == nil)
        // 600×400 is under half a megapixel.
        #expect(
            try Self.decodeBothWays(Self.photo(subsampling: TJSAMP_420), box: PixelSize(width: 600, height: 400)).split
                == nil)
    }

    @Test("a file cut short is decoded in one pass, with its recovery and warning")
    func damagedFileTakesOnePass() throws {
        let whole = Self.photo(subsampling: TJSAMP_420)
        let cut = Array(whole.prefix(whole.count * 3 / 4))
        let decoded = try Self.decodeBothWays(cut, box: PixelSize(width: 1500, height: 1000))
        #expect(decoded.bands?.succeeded == false, "the bands warn: their rows are not kept")
        #expect(decoded.decoded.damageNote != nil)
        #expect(decoded.decoded.damageNote == decoded.onePass.damageNote)
        #expect(Self.samePixels(decoded.decoded.pixels, decoded.onePass.pixels))
    }
}
