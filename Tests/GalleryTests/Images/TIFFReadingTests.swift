import Foundation
import GalleryTesting
import Testing

@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// TIFFs Pillow reads and libtiff's RGBA interface (SDL_image's loader) refused or showed wrongly, written here
    /// with the layouts of Pillow's Tests/images files: `12bit.cropped.tif` (12-bit grey), `16_bit_binary_pgm.tiff`
    /// (a 16-bit PGM's values in 32-bit signed integers), `tiff_strip_cmyk_16l_jpeg.tif` (16-bit CMYK) and `lab.tif`,
    /// `lab-red.tif`, `lab-green.tif` (8-bit CIELab). Pillow's readings of those files, converted to RGB: lab
    /// (254, 255, 254), lab-red (253, 0, 125), lab-green (0, 152, 117), the CMYK's red corner (255, 13, 25); libtiff's
    /// RGBA gave (255, 252, 222), (255, 0, 112) and (0, 154, 104) for the Lab ones and refused the others. Pillow 9.4
    /// reads the fixtures below of 12-bit grey, 32-bit grey, little-endian CMYK and 8-bit CIELab with these samples and
    /// colours; it does not read the 10-bit, zero-white, big-endian CMYK, 16-bit Lab and ICCLab ones, whose colours
    /// follow from the same rules.
    @Suite struct TIFFReadingTests {
        /// Case: a strip TIFF's layout, its samples (one pixel after another) and the colours Pillow shows for them.
        struct Layout: Sendable, CustomTestStringConvertible {
            var name: String
            var photometric: Int
            var bits: Int
            var samplesPerPixel = 1
            var sampleFormat = 1
            var bigEndian = false
            var samples: [Int]
            var shown: [RGBA]
            var testDescription: String { name }
        }

        static func grey(_ level: UInt8) -> RGBA { RGBA(r: level, g: level, b: level) }

        static let layouts: [Layout] = [
            Layout(
                name: "12-bit grey", photometric: 1, bits: 12, samples: [0, 4095, 2048, 30],
                shown: [grey(0), grey(255), grey(128), grey(2)]),
            Layout(
                name: "12-bit grey, zero white", photometric: 0, bits: 12, samples: [0, 4095, 2048],
                shown: [grey(255), grey(0), grey(127)]),
            Layout(
                name: "10-bit grey, big-endian", photometric: 1, bits: 10, bigEndian: true, samples: [1023, 0, 512],
                shown: [grey(255), grey(0), grey(128)]),
            Layout(
                name: "a 16-bit PGM's values in 32-bit signed integers", photometric: 1, bits: 32, sampleFormat: 2,
                samples: [0, 65535, 32768, 16384], shown: [grey(0), grey(255), grey(128), grey(64)]),
            Layout(
                name: "32-bit signed grey below zero", photometric: 1, bits: 32, sampleFormat: 2, bigEndian: true,
                samples: [-100, 0, 100], shown: [grey(0), grey(128), grey(255)]),
            Layout(
                name: "16-bit signed grey, as Pillow's 16bit.s.tif", photometric: 1, bits: 16, sampleFormat: 2,
                samples: [32767, 0, -32768, 16384], shown: [grey(255), grey(128), grey(0), grey(191)]),
            Layout(
                name: "32-bit unsigned grey", photometric: 1, bits: 32, samples: [0, 1000, 500],
                shown: [grey(0), grey(255), grey(128)]),
            Layout(
                name: "16-bit CMYK", photometric: 5, bits: 16, samplesPerPixel: 4,
                samples: [0, 242 * 257, 230 * 257, 0, 0, 0, 0, 0, 0, 0, 0, 65535, 65535, 0, 0, 0],
                shown: [RGBA(r: 255, g: 13, b: 25), grey(255), grey(0), RGBA(r: 0, g: 255, b: 255)]),
            Layout(
                name: "16-bit CMYK, big-endian", photometric: 5, bits: 16, samplesPerPixel: 4, bigEndian: true,
                samples: [0, 242 * 257, 230 * 257, 0], shown: [RGBA(r: 255, g: 13, b: 25)]),
            Layout(
                name: "8-bit CIELab", photometric: 8, bits: 8, samplesPerPixel: 3,
                samples: [255, 0, 0, 128, 100, 0, 128, 256 - 100, 0],
                shown: [RGBA(r: 254, g: 255, b: 254), RGBA(r: 253, g: 0, b: 125), RGBA(r: 0, g: 152, b: 117)]),
            Layout(
                name: "16-bit CIELab", photometric: 8, bits: 16, samplesPerPixel: 3,
                samples: [65535, 0, 0, 128 * 257, 100 * 256, 0],
                shown: [RGBA(r: 254, g: 255, b: 254), RGBA(r: 253, g: 0, b: 125)]),
            Layout(
                name: "16-bit ICCLab", photometric: 9, bits: 16, samplesPerPixel: 3,
                samples: [65535, 0x8080, 0x8080, 128 * 257, 228 * 257, 0x8080],
                shown: [RGBA(r: 254, g: 255, b: 254), RGBA(r: 253, g: 0, b: 125)]),
            Layout(
                name: "8-bit ICCLab", photometric: 9, bits: 8, samplesPerPixel: 3,
                samples: [255, 128, 128, 128, 28, 128],
                shown: [RGBA(r: 254, g: 255, b: 254), RGBA(r: 0, g: 152, b: 117)]),
        ]

        @Test("Each shows as Pillow reads it (within 2 levels: the sRGB curve's rounding)", arguments: layouts)
        func showsAsPillowReadsIt(_ layout: Layout) throws {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let width = layout.samples.count / layout.samplesPerPixel
            let path = try folder.write(Self.tiff(layout, width: width), to: "\(layout.name).tif")
            let picture = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: width, height: 1))
            try #require(picture.pixels.size == PixelSize(width: width, height: 1))
            for (x, expected) in layout.shown.enumerated() {
                let got = picture.pixels.rgba(x: x, y: 0)
                let near = [(got.r, expected.r), (got.g, expected.g), (got.b, expected.b)].allSatisfy {
                    abs(Int($0.0) - Int($0.1)) <= 2
                }
                #expect(near && got.a == 255, "pixel \(x): \(got), Pillow \(expected)")
            }
        }

        @Test("A file ending inside its pixels is refused as damaged, not read past")
        func truncatedIsRefused() throws {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let whole = Self.tiff(Self.layouts[0], width: 4)
            let path = try folder.write(Array(whole.dropLast(3)), to: "short.tif")
            #expect(throws: DecodeFailure.self) {
                try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 4, height: 1))
            }
        }

        /// A one-row, one-strip, uncompressed TIFF of `layout`: the header, the directory, the arrays it points to, the
        /// samples.
        static func tiff(_ layout: Layout, width: Int) -> [UInt8] {
            var out = TIFFWriter(bigEndian: layout.bigEndian)
            let pixels = out.pack(layout.samples, bits: layout.bits)
            let perPixel = [Int](repeating: layout.bits, count: layout.samplesPerPixel)
            let formats = [Int](repeating: layout.sampleFormat, count: layout.samplesPerPixel)
            let entries: [(tag: Int, type: Int, values: [Int])] = [
                (256, 4, [width]), (257, 4, [1]), (258, 3, perPixel), (259, 3, [1]), (262, 3, [layout.photometric]),
                (273, 4, [0]), (277, 3, [layout.samplesPerPixel]), (278, 4, [1]), (279, 4, [pixels.count]),
                (284, 3, [1]), (339, 3, formats),
            ]
            let arraysAt = 8 + 2 + entries.count * 12 + 4
            let arrays = entries.filter { $0.values.count > 2 }
            let pixelsAt = arraysAt + arrays.reduce(0) { $0 + $1.values.count * 2 }
            out.bytes += layout.bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
            out.put(42, width: 2)
            out.put(8, width: 4)
            out.put(entries.count, width: 2)
            var nextArray = arraysAt
            for entry in entries {
                out.put(entry.tag, width: 2)
                out.put(entry.type, width: 2)
                out.put(entry.values.count, width: 4)
                if entry.values.count > 2 {
                    out.put(nextArray, width: 4)
                    nextArray += entry.values.count * 2
                } else if entry.type == 4 {
                    out.put(entry.tag == 273 ? pixelsAt : entry.values[0], width: 4)
                } else {
                    // SHORT values sit left-justified in the four bytes.
                    for index in 0..<2 { out.put(index < entry.values.count ? entry.values[index] : 0, width: 2) }
                }
            }
            out.put(0, width: 4)
            for entry in arrays { for value in entry.values { out.put(value, width: 2) } }
            return out.bytes + pixels
        }
    }
}

/// Bytes in a TIFF's byte order.
private struct TIFFWriter {
    var bigEndian: Bool
    var bytes: [UInt8] = []

    /// `value`'s low `width` bytes, in the file's order.
    mutating func put(_ value: Int, width: Int) {
        let order = bigEndian ? Array((0..<width).reversed()) : Array(0..<width)
        bytes += order.map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// `samples` of `bits` each: 8, 16 and 32 bits as whole numbers in the file's order, others packed from the
    /// most significant bit, the row padded to a byte.
    func pack(_ samples: [Int], bits: Int) -> [UInt8] {
        var packer = TIFFWriter(bigEndian: bigEndian)
        guard bits % 8 != 0 else {
            for sample in samples { packer.put(sample, width: bits / 8) }
            return packer.bytes
        }
        var accumulator = 0
        var held = 0
        for sample in samples {
            accumulator = accumulator << bits | sample
            held += bits
            while held >= 8 {
                packer.bytes.append(UInt8(truncatingIfNeeded: accumulator >> (held - 8)))
                held -= 8
                accumulator &= (1 << held) - 1
            }
        }
        if held > 0 { packer.bytes.append(UInt8(truncatingIfNeeded: accumulator << (8 - held))) }
        return packer.bytes
    }
}
