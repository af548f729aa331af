/// The EXIF orientation tag of a JPEG (APP1 Exif), PNG (`eXIf`) or WebP (`EXIF`) file, found by a bounds-checked walk
/// of the file's bytes, and the file's bytes with only that tag's value changed (and, in a PNG, the chunk's CRC):
/// what "save the turn" writes. Every byte is hostile: each read is checked against the end, each walk is bounded, and
/// anything unexpected is a refusal, never a guess. Nothing is ever inserted or re-encoded.
public struct ExifOrientationTag: Sendable, Equatable {
    /// Where the tag's 2-byte value is in the file.
    public let valueOffset: Int
    /// Whether the EXIF data is big-endian (`MM`).
    public let bigEndian: Bool
    /// The value stated now, 1…8.
    public let value: Int
    /// A PNG's `eXIf` chunk: the bytes its CRC covers (type and data) and where the CRC is.
    public let checksummed: (start: Int, end: Int)?

    public static func == (a: Self, b: Self) -> Bool {
        a.valueOffset == b.valueOffset && a.bigEndian == b.bigEndian && a.value == b.value
            && a.checksummed?.start == b.checksummed?.start && a.checksummed?.end == b.checksummed?.end
    }

    /// The tag of the file in `bytes`, or why it cannot be rewritten in place.
    public static func find(in bytes: [UInt8]) -> Result<ExifOrientationTag, TurnSavingRefusal> {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return webp(bytes)
        }
        return .failure(.format)
    }

    /// `bytes` with the tag's value set to `value` (1…8) and, in a PNG, the chunk's CRC made again; every other byte
    /// as it was.
    public func rewriting(_ bytes: [UInt8], to value: Int) -> [UInt8] {
        var copy = bytes
        let (high, low) = (UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        copy[valueOffset] = bigEndian ? high : low
        copy[valueOffset + 1] = bigEndian ? low : high
        if let (start, end) = checksummed {
            let crc = CRC32.checksum(copy[start..<end])
            for index in 0..<4 { copy[end + index] = UInt8(crc >> (24 - 8 * index) & 0xFF) }
        }
        return copy
    }

    private static let exifHeader = Array("Exif".utf8) + [0, 0]
    private static let maximumSteps = 4096

    private static func jpeg(_ bytes: [UInt8]) -> Result<ExifOrientationTag, TurnSavingRefusal> {
        var offset = 2
        for _ in 0..<maximumSteps {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return .failure(.damaged) }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return .failure(.noTag) }  // the image data: no Exif before it
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return .failure(.damaged) }
            let data = offset + 4
            if marker == 0xE1, length >= 8, bytes[data..<(data + 6)].elementsEqual(exifHeader) {
                return tiff(bytes, start: data + 6, end: offset + 2 + length, checksummed: nil)
            }
            offset += 2 + length
        }
        return .failure(.damaged)
    }

    private static func png(_ bytes: [UInt8]) -> Result<ExifOrientationTag, TurnSavingRefusal> {
        var offset = 8
        for _ in 0..<maximumSteps {
            guard offset + 12 <= bytes.count else { return .failure(.damaged) }
            let length = bigEndian32(bytes, offset)
            let data = offset + 8
            guard length <= bytes.count, data + length + 4 <= bytes.count else { return .failure(.damaged) }
            let type = String(decoding: bytes[(offset + 4)..<data], as: UTF8.self)
            if type == "IEND" { return .failure(.noTag) }
            if type == "eXIf" {
                let prefixed = length >= 6 && bytes[data..<(data + 6)].elementsEqual(exifHeader)
                return tiff(
                    bytes, start: data + (prefixed ? 6 : 0), end: data + length,
                    checksummed: (offset + 4, data + length))
            }
            offset = data + length + 4
        }
        return .failure(.damaged)
    }

    private static func webp(_ bytes: [UInt8]) -> Result<ExifOrientationTag, TurnSavingRefusal> {
        var offset = 12
        for _ in 0..<maximumSteps {
            guard offset + 8 <= bytes.count else { return .failure(.noTag) }
            let length = littleEndian(bytes, offset + 4, 4)
            let data = offset + 8
            guard length <= bytes.count, data + length <= bytes.count else { return .failure(.damaged) }
            if bytes[offset..<(offset + 4)].elementsEqual("EXIF".utf8) {
                let prefixed = length >= 6 && bytes[data..<(data + 6)].elementsEqual(exifHeader)
                return tiff(bytes, start: data + (prefixed ? 6 : 0), end: data + length, checksummed: nil)
            }
            offset = data + length + (length & 1)
        }
        return .failure(.damaged)
    }

    /// The orientation entry of IFD0 in the TIFF structure at `start..<end`.
    private static func tiff(
        _ bytes: [UInt8], start: Int, end: Int, checksummed: (Int, Int)?
    ) -> Result<ExifOrientationTag, TurnSavingRefusal> {
        guard start + 8 <= end else { return .failure(.damaged) }
        let big: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x4D, 0x4D): big = true
        case (0x49, 0x49): big = false
        default: return .failure(.damaged)
        }
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= start, offset + count <= end else { return nil }
            return big ? bigEndianN(bytes, offset, count) : littleEndian(bytes, offset, count)
        }
        guard read(start + 2, 2) == 42, let ifd = read(start + 4, 4), ifd <= end - start,
            let entries = read(start + ifd, 2)
        else { return .failure(.damaged) }
        for index in 0..<entries {
            let entry = start + ifd + 2 + 12 * index
            guard let tag = read(entry, 2), let type = read(entry + 2, 2), let count = read(entry + 4, 4) else {
                return .failure(.damaged)
            }
            guard tag == 0x0112 else { continue }
            guard type == 3, count == 1, let value = read(entry + 8, 2) else { return .failure(.damaged) }
            guard (1...8).contains(value) else { return .failure(.invalidValue(value)) }
            return .success(
                ExifOrientationTag(valueOffset: entry + 8, bigEndian: big, value: value, checksummed: checksummed))
        }
        return .failure(.noTag)
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int { bigEndianN(bytes, offset, 4) }

    private static func bigEndianN(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (0..<count).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
}
