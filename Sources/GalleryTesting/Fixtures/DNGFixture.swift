import Gallery
import Imaging

/// A minimal Adobe DNG made by hand for tests and benchmarks (Debian ships no RAW encoder): IFD 0 is the JPEG preview
/// (NewSubFileType 1, JPEG compression, the Orientation tag LibRaw turns into its flip), its SubIFD a 32 × 32 16-bit
/// CFA image of zeros, which is enough for LibRaw to accept the file as a RAW.
package enum DNGFixture {
    /// A DNG holding `jpeg` (`previewSize` pixels) as its preview, with TIFF `orientation` (1…8).
    package static func dng(previewJPEG jpeg: [UInt8], previewSize: PixelSize, orientation: Int) -> [UInt8] {
        let side = 32
        let raw = [UInt8](repeating: 0, count: side * side * 2)
        // Layout: header (8), IFD 0 (padded to 600), the CFA SubIFD (padded to 400), the CFA data, the preview.
        let firstAt = 8, subAt = 608, rawAt = 1008, jpegAt = rawAt + raw.count
        let sub = directory(
            [
                entry(254, long: [0]), entry(256, long: [side]), entry(257, long: [side]), entry(258, short: [16]),
                entry(259, short: [1]), entry(262, short: [32803]), entry(273, long: [rawAt]), entry(277, short: [1]),
                entry(278, long: [side]), entry(279, long: [raw.count]), entry(33421, short: [2, 2]),
                (33422, 1, 4, [0, 1, 1, 2]), entry(50717, short: [65535]),
            ], at: subAt)
        let first = directory(
            [
                entry(254, long: [1]), entry(256, long: [previewSize.width]), entry(257, long: [previewSize.height]),
                entry(258, short: [8, 8, 8]), entry(259, short: [7]), entry(262, short: [6]),
                entry(273, long: [jpegAt]),
                entry(274, short: [orientation]), entry(277, short: [3]), entry(278, long: [previewSize.height]),
                entry(279, long: [jpeg.count]), entry(330, long: [subAt]), (50706, 1, 4, [1, 4, 0, 0]),
                (50708, 2, 13, Array("Gallery test\0".utf8)),
            ], at: firstAt)
        func padded(_ bytes: [UInt8], to count: Int) -> [UInt8] {
            precondition(bytes.count <= count)
            return bytes + [UInt8](repeating: 0, count: count - bytes.count)
        }
        return Array("II".utf8) + [42, 0, 8, 0, 0, 0] + padded(first, to: 600) + padded(sub, to: 400) + raw + jpeg
    }

    private typealias Entry = (tag: Int, type: Int, count: Int, data: [UInt8])

    private static func entry(_ tag: Int, short values: [Int]) -> Entry {
        (tag, 3, values.count, values.flatMap { littleEndian($0, 2) })
    }

    private static func entry(_ tag: Int, long values: [Int]) -> Entry {
        (tag, 4, values.count, values.flatMap { littleEndian($0, 4) })
    }

    /// An IFD at `offset`: the entries (sorted by tag), no next IFD, then values longer than 4 bytes.
    private static func directory(_ entries: [Entry], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var head = littleEndian(sorted.count, 2)
        var overflow: [UInt8] = []
        let overflowAt = offset + 2 + sorted.count * 12 + 4
        for entry in sorted {
            head += littleEndian(entry.tag, 2) + littleEndian(entry.type, 2) + littleEndian(entry.count, 4)
            if entry.data.count <= 4 {
                head += entry.data + [UInt8](repeating: 0, count: 4 - entry.data.count)
            } else {
                head += littleEndian(overflowAt + overflow.count, 4)
                overflow += entry.data + (entry.data.count % 2 == 1 ? [0] : [])
            }
        }
        return head + [0, 0, 0, 0] + overflow
    }

    private static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
