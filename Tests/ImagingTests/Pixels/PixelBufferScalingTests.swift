import Glibc
import Testing

@testable import Imaging

@Suite("PixelBuffer scaling and transforms")
struct PixelBufferScalingTests {
    /// A buffer of `width` × `height` whose pixel (x, y) is `colour(x, y)` as 0xAARRGGBB.
    static func buffer(
        _ width: Int, _ height: Int, format: PixelFormat = .argb8888, _ colour: (Int, Int) -> UInt32
    ) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width { buffer.row(y).storeBytes(of: colour(x, y), toByteOffset: x * 4, as: UInt32.self) }
        }
        return buffer
    }

    /// Grey `value` with full alpha.
    static func grey(_ value: UInt32) -> UInt32 { 0xFF00_0000 | value << 16 | value << 8 | value }

    @Test("an exact halving averages each 2×2 block, every channel alone")
    func halvingAveragesBlocks() throws {
        let source = try Self.buffer(4, 2) { x, y in
            [
                [0x1000_2040, 0x3000_4060, 0x8000_0000, 0x8000_0000],
                [0x5000_6080, 0x7000_80A0, 0x8000_0000, 0x80FF_FFFF],
            ][
                y][x]
        }
        let halved = try source.scaled(to: PixelSize(width: 2, height: 1))
        #expect(halved.size == PixelSize(width: 2, height: 1))
        #expect(halved.pixel(x: 0, y: 0) == 0x4000_5070)
        #expect(halved.pixel(x: 1, y: 0) == 0x803F_3F3F)
    }

    @Test("a reduction of more than 2× halves first, so every source pixel counts")
    func largeReductionSeesEveryPixel() throws {
        // One white pixel in 8×8 black: a single bilinear step to 1×1 would read only the four middle pixels.
        let source = try Self.buffer(8, 8) { x, y in x == 0 && y == 0 ? Self.grey(255) : Self.grey(0) }
        let reduced = try source.scaled(to: PixelSize(width: 1, height: 1))
        #expect(reduced.pixel(x: 0, y: 0) & 0xFF > 0)
    }

    @Test("pixel centres map to pixel centres: 3 columns to 2 sample at ¼ and 1¾")
    func bilinearSamplesCentreToCentre() throws {
        let source = try Self.buffer(3, 1) { x, _ in Self.grey([0, 128, 255][x]) }
        let scaled = try source.scaled(to: PixelSize(width: 2, height: 1))
        #expect(scaled.pixel(x: 0, y: 0) == Self.grey(32))
        #expect(scaled.pixel(x: 1, y: 0) == Self.grey(223))
    }

    @Test("an enlargement of 2× or more is whole pixels, sharp squares", arguments: [2, 3])
    func wholeEnlargementIsNearest(factor: Int) throws {
        let source = try Self.buffer(2, 1) { x, _ in x == 0 ? 0xFF12_3456 : 0x80AB_CDEF }
        let scaled = try source.scaled(to: PixelSize(width: 2 * factor, height: factor))
        for y in 0..<factor {
            for x in 0..<2 * factor {
                #expect(scaled.pixel(x: x, y: y) == (x < factor ? 0xFF12_3456 : 0x80AB_CDEF))
            }
        }
    }

    @Test("a flat colour stays exactly that colour at any size", arguments: [(5, 3), (17, 11), (1, 1), (640, 2)])
    func flatColourStaysFlat(width: Int, height: Int) throws {
        let source = try Self.buffer(37, 23, format: .xrgb8888) { _, _ in 0xFFFE_8001 }
        let scaled = try source.scaled(to: PixelSize(width: width, height: height))
        #expect(scaled.format == .xrgb8888)
        for (x, y) in [(0, 0), (width - 1, height - 1), (width / 2, height / 2)] {
            #expect(scaled.pixel(x: x, y: y) == 0xFFFE_8001)
        }
    }

    @Test("a crop copies the rectangle's pixels")
    func cropCopiesTheRectangle() throws {
        let source = try Self.buffer(5, 4) { x, y in UInt32(y * 16 + x) }
        let crop = try source.cropped(to: PixelRect(x: 1, y: 2, width: 3, height: 2))
        #expect(crop.size == PixelSize(width: 3, height: 2))
        #expect(crop.pixel(x: 0, y: 0) == 0x21)
        #expect(crop.pixel(x: 2, y: 1) == 0x33)
    }

    @Test("orientations turn stored pixels upright", arguments: ExifOrientation.allCases)
    func orientationMatchesStoredPositions(orientation: ExifOrientation) throws {
        let source = try Self.buffer(3, 2) { x, y in UInt32(y * 16 + x) }
        let upright = try source.oriented(orientation)
        #expect(upright.size == orientation.upright(source.size))
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                let stored = orientation.storedPosition(x: x, y: y, width: 3, height: 2)
                #expect(upright.pixel(x: x, y: y) == UInt32(stored.y * 16 + stored.x))
            }
        }
    }

    @Test("RGBA bytes become ARGB words; an opaque copy ignores the stated alpha")
    func rgbaBytesAreSwapped() throws {
        let bytes: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0xAA, 0xBB, 0xCC, 0x00, 0xFF]  // two pixels, one byte of padding
        let copies = try bytes.withUnsafeBytes { raw in
            (
                try PixelBuffer.copying(
                    rgba: raw.baseAddress! + 1, size: PixelSize(width: 2, height: 1), stride: 8, opaque: false),
                try PixelBuffer.copying(
                    rgba: raw.baseAddress!, size: PixelSize(width: 2, height: 1), stride: 8, opaque: true)
            )
        }
        #expect(copies.0.pixel(x: 0, y: 0) == 0xAA22_3344)
        #expect(copies.0.format == .argb8888)
        #expect(copies.1.pixel(x: 0, y: 0) == 0xFF11_2233)
        #expect(copies.1.pixel(x: 1, y: 0) == 0xFFAA_BBCC)
        #expect(copies.1.format == .xrgb8888)
    }

    @Test("a large picture's rows made on several threads are the rows one thread makes", arguments: [2, 3, 7])
    func rowsMadeInPartsAreTheSame(parts: Int) throws {
        // Over `parallelArea` once scaled, so the default splits too; odd sizes leave uneven parts.
        let source = try Self.buffer(761, 509) { x, y in
            UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503) ^ (x * y))
        }
        let size = PixelSize(width: 683, height: 457)
        #expect(size.width * size.height >= PixelBuffer.parallelArea)
        let oneThread = try source.stretched(to: size, parts: 1)
        for made in [try source.stretched(to: size, parts: parts), try source.stretched(to: size)] {
            #expect(made.size == size)
            let rowsDiffering = (0..<size.height).filter { y in
                memcmp(made.row(y), oneThread.row(y), size.width * 4) != 0
            }
            #expect(rowsDiffering.isEmpty)
        }
    }
}
