/// Where a file's EXIF orientation tag is and what its bytes become for each value: found where the file's bytes are
/// read (a decoder process, `ExifOrientationTag`), applied by the viewer at those offsets to a copy of the file without
/// reading it (`TurnSaving`). A PNG's `eXIf` chunk carries its CRC for each of the eight values.
public struct OrientationTagEdit: Sendable, Equatable {
    /// Where the tag's 2-byte value is in the file.
    public var valueOffset: Int
    /// Whether the EXIF data is big-endian (`MM`).
    public var bigEndian: Bool
    /// The value stated now, 1…8.
    public var value: Int
    /// A PNG's chunk CRC: where its 4 bytes are, and the CRC for each value 1…8 (index 0 for 1).
    public var checksum: (offset: Int, forValue: [UInt32])?

    /// An edit as found.
    public init(valueOffset: Int, bigEndian: Bool, value: Int, checksum: (offset: Int, forValue: [UInt32])?) {
        self.valueOffset = valueOffset
        self.bigEndian = bigEndian
        self.value = value
        self.checksum = checksum
    }

    /// The edit of `tag`, found in the file `bytes`: each value's chunk CRC computed here.
    public init(_ tag: ExifOrientationTag, in bytes: [UInt8]) {
        valueOffset = tag.valueOffset
        bigEndian = tag.bigEndian
        value = tag.value
        checksum = tag.checksummed.map { range in
            // The chunk alone, its value patched in turn: the file is never copied whole.
            var chunk = Array(bytes[range.start..<range.end])
            let at = tag.valueOffset - range.start
            // A tag outside its chunk gets no CRCs, which no file fits (`fits(fileSize:)`).
            guard at >= 0, at + 1 < chunk.count else { return (range.end, []) }
            let sums = (1...8).map { value -> UInt32 in
                let (high, low) = (UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
                chunk[at] = tag.bigEndian ? high : low
                chunk[at + 1] = tag.bigEndian ? low : high
                return CRC32.checksum(chunk[...])
            }
            return (range.end, sums)
        }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.valueOffset == b.valueOffset && a.bigEndian == b.bigEndian && a.value == b.value
            && a.checksum?.offset == b.checksum?.offset && a.checksum?.forValue == b.checksum?.forValue
    }

    /// Whether the edit fits a file of `size` bytes: its offsets inside it, its value 1…8, eight CRCs.
    public func fits(fileSize size: Int) -> Bool {
        guard (1...8).contains(value), valueOffset >= 0, valueOffset <= size - 2 else { return false }
        guard let checksum else { return true }
        return checksum.offset >= 0 && checksum.offset <= size - 4 && checksum.forValue.count == 8
    }

    /// The bytes to write and where, to make the tag state `newValue` (1…8): the value, and a PNG chunk's CRC.
    public func patches(for newValue: Int) -> [(offset: Int, bytes: [UInt8])] {
        let (high, low) = (UInt8(newValue >> 8 & 0xFF), UInt8(newValue & 0xFF))
        var patches = [(offset: valueOffset, bytes: bigEndian ? [high, low] : [low, high])]
        if let checksum, (1...8).contains(newValue) {
            let crc = checksum.forValue[newValue - 1]
            patches.append((checksum.offset, (0..<4).map { UInt8(crc >> (24 - 8 * $0) & 0xFF) }))
        }
        return patches
    }
}
