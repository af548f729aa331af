import Support

/// A cached thumbnail's facts (`ThumbnailFacts`: its `IHDR` size and its `Thumb::` texts, which a decoder process reads
/// from the PNG) as a fixed 56-byte record, the answer to a `DecoderRequest.Kind.thumbnailFacts` request: the viewer
/// reads no byte of a PNG another program may have written.
///
/// Layout (little-endian): magic, what is stated (bit 0 the URI's digest, 1 the modification time, 2 a size, 3 the
/// size as a number), the width, the height (64-bit each, as stated), the modification time (signed), the size, then
/// the URI's 16-byte MD5. The viewer compares them with its own numbers; no field is converted where it could trap.
public enum ThumbnailRecord {
    /// The record's size in bytes.
    public static let byteCount = 56
    static let magic: UInt32 = 0x4D54_4447  // "GDTM"
    /// The flags a decoder may send: bits 0 to 3.
    static let knownFlags: UInt32 = 0xF

    /// `facts`' record (a URI digest that is not 16 bytes is sent as none).
    public static func encoded(_ facts: ThumbnailFacts) -> [UInt8] {
        var wire = WireBytes(count: byteCount)
        wire.put(magic, at: 0)
        let digest = facts.uriDigest.flatMap { $0.count == 16 ? $0 : nil }
        var flags: UInt32 = digest == nil ? 0 : 1
        if facts.modifiedSeconds != nil { flags |= 2 }
        if facts.statesSize { flags |= 4 }
        if facts.byteCount != nil { flags |= 8 }
        wire.put(flags, at: 4)
        wire.put(facts.width, at: 8)
        wire.put(facts.height, at: 16)
        wire.put(facts.modifiedSeconds ?? 0, at: 24)
        wire.put(facts.byteCount ?? 0, at: 32)
        for (index, byte) in (digest ?? []).enumerated() { wire.put(byte, at: 40 + index) }
        return wire.bytes
    }

    /// The facts in `bytes`; nil when they are not a record (wrong size or magic, a flag no decoder sends, a size as a
    /// number without a size stated).
    public static func decoded(_ bytes: [UInt8]) -> ThumbnailFacts? {
        let wire = WireBytes(bytes)
        guard bytes.count == byteCount, wire.get(UInt32.self, at: 0) == magic else { return nil }
        let flags = wire.get(UInt32.self, at: 4)
        guard flags & ~knownFlags == 0, flags & 8 == 0 || flags & 4 != 0 else { return nil }
        return ThumbnailFacts(
            width: wire.get(UInt64.self, at: 8), height: wire.get(UInt64.self, at: 16),
            uriDigest: flags & 1 != 0 ? Array(bytes[40..<56]) : nil,
            modifiedSeconds: flags & 2 != 0 ? wire.get(Int64.self, at: 24) : nil, statesSize: flags & 4 != 0,
            byteCount: flags & 8 != 0 ? wire.get(UInt64.self, at: 32) : nil)
    }
}
