/// A decoder process's answer: a fixed 48-byte header, then up to two texts, sent with the memfd of the pixels.
public struct DecoderReply: Sendable, Hashable {
    /// The header's size in bytes.
    public static let headerByteCount = 48
    /// The most bytes of each text sent (a failure's detail, a note).
    public static let textCapacity = 2048
    /// The largest message: the header and both texts.
    public static let maximumByteCount = headerByteCount + 2 * textCapacity
    static let magic: UInt32 = 0x5052_4447  // "GDRP"
    /// The failure code of a decode whose pixels' shared memory was refused under the address-space limit.
    public static let memoryLimitFailureCode: UInt16 = 0xFFFE
    /// The `format` of a reply whose memfd holds encoded PNG bytes (`byteCount` of them), not pixels: the answer to
    /// a `DecoderRequest.thumbnailPNG` request.
    public static let encodedPNGFormat: UInt8 = 0xFF
    /// The `format` of a reply whose memory holds a `PhotoDetailsRecord`: the answer to a `.details` request.
    public static let detailsRecordFormat: UInt8 = 0xFE
    /// The `format` of a reply whose memory holds a `HeaderRecord`: the answer to a `.header` request.
    public static let headerRecordFormat: UInt8 = 0xFD
    /// The `format` of a reply whose memory holds a `TakenDateRecord`: the answer to a `.takenDate` request.
    public static let takenDateRecordFormat: UInt8 = 0xFC
    /// The `format` of a reply whose memory holds a `ThumbnailRecord`: the answer to a `.thumbnailFacts` request.
    public static let thumbnailRecordFormat: UInt8 = 0xFB
    /// The `format` of a reply whose memory holds an `AnimationRecord`: the answer to an `.animationClock` request.
    public static let animationRecordFormat: UInt8 = 0xFA
    /// The `format` of a reply whose memory holds an `OrientationTagRecord`: the answer to an `.orientationTag` request.
    public static let orientationTagRecordFormat: UInt8 = 0xF9
    /// The failure code of a decode that needs a format library the process did not load before its sandbox went on
    /// (texts: the missing groups' `FormatLibrarySet` raw value, their names): the pool asks a new process instead.
    public static let librariesMissingFailureCode: UInt16 = 0xFFFD
    /// The failure code of a request the decoder does not answer (a probe without `--test-requests`).
    public static let refusedFailureCode: UInt16 = 0xFFFF
    /// The failure code of a decode refused unread because the process has neither Landlock nor seccomp on
    /// (`DecoderSandboxGaps.refusesPhotos`).
    public static let unsandboxedFailureCode: UInt16 = 0xFFFC

    /// Whether pixels came (`failureCode` 0) or not.
    public var succeeded: Bool { failureCode == 0 }
    /// 0 for pixels; otherwise what failed, in codes the decoder and the viewer agree on.
    public var failureCode: UInt16
    /// The pixels' width.
    public var width: Int32
    /// The pixels' height.
    public var height: Int32
    /// Bytes from one row's start to the next.
    public var stride: Int32
    /// The `PixelFormat` raw value.
    public var format: UInt8
    /// The bytes of the memfd sent with the reply that hold the pixels.
    public var byteCount: UInt64
    /// The reply slot the pixels are in (n + 1 for slot n; 0: a memfd of their own, sent with the reply). A slot's
    /// memfd comes with the first reply that uses it (and again when the decoder replaces it), not with every one.
    public var slot: UInt8 = 0
    /// Up to two texts: a failure's details, or the picture's notes (damage, animation).
    public var texts: [String]
    /// Microseconds the decoder spent on the request, from its receipt to its reply: what the viewer's wait spent
    /// beyond this is the hop's own cost.
    public var decodeMicroseconds: UInt32 = 0
    /// The sandbox layers the process could not put on (`DecoderSandboxGaps` raw bits; 0: all on), in every reply.
    public var sandboxGaps: UInt8 = 0

    /// A reply with `failureCode` (0: pixels of `width` × `height`) and `texts`.
    public init(
        failureCode: UInt16, width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0, format: UInt8 = 0,
        byteCount: UInt64 = 0, texts: [String] = []
    ) {
        self.failureCode = failureCode
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.byteCount = byteCount
        self.texts = texts
    }

    /// The message's bytes.
    public var encoded: [UInt8] {
        let parts = texts.prefix(2).map { Array($0.utf8.prefix(Self.textCapacity)) }
        var wire = WireBytes(count: Self.headerByteCount)
        wire.put(Self.magic, at: 0)
        wire.put(failureCode, at: 4)
        wire.put(format, at: 6)
        wire.put(slot, at: 7)
        wire.put(width, at: 8)
        wire.put(height, at: 12)
        wire.put(stride, at: 16)
        wire.put(sandboxGaps, at: 20)
        wire.put(byteCount, at: 24)
        for (index, part) in parts.enumerated() { wire.put(UInt32(part.count), at: 32 + 4 * index) }
        wire.put(UInt32(parts.count), at: 40)
        wire.put(decodeMicroseconds, at: 44)
        return wire.bytes + parts.flatMap { $0 }
    }

    /// The reply in `bytes`, or nil when they are not one.
    public init?(decoding bytes: [UInt8]) {
        let wire = WireBytes(bytes)
        guard bytes.count >= Self.headerByteCount, wire.get(UInt32.self, at: 0) == Self.magic else { return nil }
        failureCode = wire.get(UInt16.self, at: 4)
        format = wire.get(UInt8.self, at: 6)
        slot = wire.get(UInt8.self, at: 7)
        width = wire.get(Int32.self, at: 8)
        height = wire.get(Int32.self, at: 12)
        stride = wire.get(Int32.self, at: 16)
        sandboxGaps = wire.get(UInt8.self, at: 20)
        byteCount = wire.get(UInt64.self, at: 24)
        decodeMicroseconds = wire.get(UInt32.self, at: 44)
        let count = min(Int(wire.get(UInt32.self, at: 40)), 2)
        var offset = Self.headerByteCount
        var texts: [String] = []
        for index in 0..<count {
            let length = Int(wire.get(UInt32.self, at: 32 + 4 * index))
            guard length <= Self.textCapacity, offset + length <= bytes.count else { return nil }
            texts.append(String(decoding: bytes[offset..<(offset + length)], as: UTF8.self))
            offset += length
        }
        self.texts = texts
    }
}
