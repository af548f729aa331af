import Support

/// Where a file's EXIF orientation tag is, as a fixed 64-byte record, or why it cannot be rewritten: the answer to a
/// `DecoderRequest.Kind.orientationTag` request for Ctrl+S, so the viewer changes the file at these offsets without
/// reading it (`OrientationTagEdit`, `TurnSaving`).
///
/// Layout (little-endian): magic, the outcome (0 found, 1 not a JPEG/PNG/WebP, 2 no tag, 3 damaged, 4 a value outside
/// 1…8), the value, flags (bit 0 big-endian, bit 1 a PNG chunk's CRC follows), the value's offset and the CRC's offset
/// as 64-bit numbers, then the chunk's CRC for each value 1…8. The viewer takes offsets only inside the file it
/// changes (`OrientationTagEdit.fits`).
public enum OrientationTagRecord {
    /// The record's size in bytes.
    public static let byteCount = 64
    static let magic: UInt32 = 0x544F_4447  // "GDOT"

    /// The record of `found`: an edit, or why there is none.
    public static func encoded(_ found: Result<OrientationTagEdit, TurnSavingRefusal>) -> [UInt8] {
        var wire = WireBytes(count: byteCount)
        wire.put(magic, at: 0)
        switch found {
        case .success(let edit):
            wire.put(UInt32(0), at: 4)
            wire.put(UInt32(clamping: edit.value), at: 8)
            wire.put(UInt32((edit.bigEndian ? 1 : 0) | (edit.checksum == nil ? 0 : 2)), at: 12)
            wire.put(UInt64(clamping: edit.valueOffset), at: 16)
            if let checksum = edit.checksum {
                wire.put(UInt64(clamping: checksum.offset), at: 24)
                for (index, crc) in checksum.forValue.prefix(8).enumerated() { wire.put(crc, at: 32 + 4 * index) }
            }
        case .failure(.invalidValue(let value)):
            wire.put(UInt32(4), at: 4)
            wire.put(UInt32(clamping: value), at: 8)
        case .failure(let refusal):
            let outcome: UInt32 = refusal == .format ? 1 : refusal == .noTag ? 2 : 3
            wire.put(outcome, at: 4)
        }
        return wire.bytes
    }

    /// The answer in `bytes`, or nil when they are no record (wrong size or magic, an outcome or flags no decoder
    /// sends, a value outside 1…8 for a found tag, an offset past 2^62).
    public static func decoded(_ bytes: [UInt8]) -> Result<OrientationTagEdit, TurnSavingRefusal>? {
        let wire = WireBytes(bytes)
        guard bytes.count == byteCount, wire.get(UInt32.self, at: 0) == magic else { return nil }
        let value = wire.get(UInt32.self, at: 8)
        switch wire.get(UInt32.self, at: 4) {
        case 0:
            let flags = wire.get(UInt32.self, at: 12)
            let offsets = (wire.get(UInt64.self, at: 16), wire.get(UInt64.self, at: 24))
            guard flags & ~3 == 0, (1...8).contains(value), offsets.0 < 1 << 62, offsets.1 < 1 << 62 else { return nil }
            let checksum =
                flags & 2 == 0
                ? nil : (offset: Int(offsets.1), forValue: (0..<8).map { wire.get(UInt32.self, at: 32 + 4 * $0) })
            return .success(
                OrientationTagEdit(
                    valueOffset: Int(offsets.0), bigEndian: flags & 1 != 0, value: Int(value), checksum: checksum))
        case 1: return .failure(.format)
        case 2: return .failure(.noTag)
        case 3: return .failure(.damaged)
        case 4: return (1...8).contains(value) ? nil : .failure(.invalidValue(Int(min(value, 65_535))))
        default: return nil
        }
    }
}
