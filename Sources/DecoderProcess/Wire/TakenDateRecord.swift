/// When a photo was taken (EXIF DateTimeOriginal, which a decoder process reads: `ExifTakenDate`) as a fixed 16-byte
/// record, the answer to a `DecoderRequest.Kind.takenDate` request for `--sort taken`.
///
/// Layout (little-endian): magic, 1 when a date is stated (else 0), then the camera clock's seconds since 1970-01-01
/// 00:00:00 as a signed 64-bit number. The viewer takes only seconds an EXIF date can state (years 0000 to 9999).
public enum TakenDateRecord {
    /// The record's size in bytes.
    public static let byteCount = 16
    static let magic: UInt32 = 0x4454_4447  // "GDTD"
    /// The seconds an EXIF date and time can state: 0000-01-01 00:00:00 to 9999-12-31 23:59:59.
    public static let statedSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// The record of `seconds` (nil: no date stated).
    public static func encoded(seconds: Int?) -> [UInt8] {
        encoded(stated: seconds == nil ? 0 : 1, seconds: Int64(seconds ?? 0))
    }

    /// A record of these raw fields (tests play a hostile decoder with it).
    public static func encoded(stated: UInt32, seconds: Int64) -> [UInt8] {
        var wire = WireBytes(count: byteCount)
        wire.put(magic, at: 0)
        wire.put(stated, at: 4)
        wire.put(seconds, at: 8)
        return wire.bytes
    }

    /// The answer in `bytes`: `.some(nil)` when the photo states no date, `.some(seconds)`, or nil when they are no
    /// record (wrong size or magic, a flag no decoder sends, seconds no EXIF date can state).
    public static func decoded(_ bytes: [UInt8]) -> Int?? {
        let wire = WireBytes(bytes)
        guard bytes.count == byteCount, wire.get(UInt32.self, at: 0) == magic else { return nil }
        switch wire.get(UInt32.self, at: 4) {
        case 0: return .some(nil)
        case 1:
            let seconds = wire.get(Int64.self, at: 8)
            guard statedSeconds.contains(seconds) else { return nil }
            return .some(Int(seconds))
        default: return nil
        }
    }
}
