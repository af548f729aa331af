import Imaging

/// What the viewer asks a decoder process: a fixed 72-byte header, sent with the photo's open descriptor and, when
/// `carriesReplyMemory`, the memfd the reply is to be written into after it.
///
/// The header is all that crosses besides the descriptors: no path, so the decoder learns nothing of the file system,
/// and nothing of variable length for it to parse before it decodes. Every byte of shared memory a decoder writes is
/// the viewer's (`PixelStorage.replyMemory`): the decoder makes none (seccomp refuses `memfd_create`).
public struct DecoderRequest: Sendable, Hashable {
    /// What the decoder does.
    public enum Kind: UInt16, Sendable, Hashable {
        /// Decode the photo sent with the request.
        case decode = 1
        /// Report the sandbox's layers (`DecoderReply.texts`: the summary) and the process id.
        case status = 2
        /// Convert photos to the output profile whose ICC bytes are in the memfd sent with the request (none: sRGB)
        /// from now on; `profileGeneration` numbers it.
        case outputProfile = 3
        /// Parse the EXIF of the photo sent (its first 128 KiB, with libexif): the reply's memory holds its
        /// `PhotoDetailsRecord` (`DecoderReply.detailsRecordFormat`). The viewer parses no EXIF itself.
        case details = 4
        /// Read the header of the photo sent (its format, stated size, and the format libraries its decode needs):
        /// the reply's memory holds its `HeaderRecord` (`DecoderReply.headerRecordFormat`). The viewer reads no more
        /// of a photo than its 16-byte signature.
        case header = 5
        /// Read the EXIF date taken of the photo sent (its first 64 KiB), for `--sort taken`: the reply's memory holds
        /// its `TakenDateRecord` (`DecoderReply.takenDateRecordFormat`).
        case takenDate = 6
        /// Read the cached thumbnail sent (a PNG of the shared thumbnail cache: its `IHDR` and text chunks): the
        /// reply's memory holds its `ThumbnailRecord` (`DecoderReply.thumbnailRecordFormat`).
        case thumbnailFacts = 7
        /// Scan the animated GIF, WebP, PNG or JPEG XL sent for its frame clock: the reply's memory holds its
        /// `AnimationRecord` (`DecoderReply.animationRecordFormat`).
        case animationClock = 8
        /// Find the EXIF orientation tag of the JPEG, PNG or WebP sent, for Ctrl+S: the reply's memory holds its
        /// `OrientationTagRecord` (`DecoderReply.orientationTagRecordFormat`).
        case orientationTag = 9
        /// Test only (a decoder started with `--test-requests`): try to open a file, report the errno.
        case probeOpenFile = 10
        /// Test only: try to open a network socket, report the errno.
        case probeSocket = 11
        /// Test only: allocate and touch memory until the limit stops the process.
        case probeMemoryBomb = 12
        /// Test only: compute forever, until a deadline stops the process.
        case probeSpin = 13
        /// Test only: crash with SIGSEGV.
        case probeCrash = 14
        /// Test only: look, as a compromised decoder would, for a seccomp notification listener among the process's
        /// descriptors (one that answers `SECCOMP_IOCTL_NOTIF_ID_VALID`), which could answer the filter's own traps.
        case probeNotificationListener = 15
        /// Test only: make shared memory in a memfd of its own, as a compromised decoder would, past the address-space
        /// limit (`DecoderReply.texts`: the bytes made, the errno that stopped it).
        case probeSharedMemory = 16
        /// Test only: read `/etc/passwd`'s metadata by its path with `AT_EMPTY_PATH`, the form glibc's `fstat` uses.
        case probeStatPath = 17
    }

    /// The message's size in bytes.
    public static let byteCount = 72
    /// The longest file extension sent (the decoder tells formats without magic bytes by it).
    public static let extensionCapacity = 16
    static let magic: UInt32 = 0x5152_4447  // "GDRQ"
    /// The flags' bit 9: `thumbnailPNG`.
    static let thumbnailPNGFlag: UInt16 = 1 << 9
    /// The flags' bit 10: `animationFrame` (the flags are 16 bits wide, so bit 10 is the next free one).
    static let animationFrameFlag: UInt16 = 1 << 10
    /// The byte holding `libraries` (each `FormatLibrarySet` bit: the flags' five spare bits held five groups, not
    /// libavif's, the eighth).
    static let librariesOffset = 64
    /// The flags' bits 4 to 7: `replySlot`.
    static let replySlotShift: UInt16 = 4
    /// The flags' bit 2: `carriesReplyMemory`.
    static let replyMemoryFlag: UInt16 = 1 << 2
    /// How many reply slots a decoder process keeps (`replySlot`, `DecoderReply.slot`).
    public static let slotCount = 4

    /// What to do.
    public var kind: Kind
    /// The box the picture is fitted inside, in pixels.
    public var boxWidth: Int32
    /// The box's height.
    public var boxHeight: Int32
    /// The part of the fitted picture wanted (x, y, width, height), or nil for all of it.
    public var region: [Int32]?
    /// Whether an animation comes with its frames (a page) or as its first frame.
    public var animated: Bool
    /// The bytes this decode may map, besides the decoder's own code and heap (its address-space limit).
    public var budgetBytes: UInt64
    /// The CPU seconds this decode may use before the kernel stops the process.
    public var cpuSeconds: UInt32
    /// The photo's file extension, lowercased, without the dot (what the viewer's name for it says).
    public var fileExtension: String
    /// Where the decoder writes this request's reply (flag bits 4 to 7): n + 1 for reply slot n, which the viewer holds
    /// no picture in, or 0 for the memory of its own sent with the request. A slot is memory both processes keep
    /// mapped, so a steady stream of photos maps, faults and zeroes nothing; its memfd comes with the request that
    /// first names it (and again when the viewer replaces it).
    public var replySlot: UInt8 = 0
    /// Whether a memfd for the reply comes with the request (flag bit 2), after the photo's descriptor: the slot's new
    /// memory, or the reply's own.
    public var carriesReplyMemory = false
    /// Whether only the page's first picture is wanted (a HEIF file's embedded thumbnail, fitted): answered with a
    /// failure when the file has none.
    public var preview = false
    /// Whether the picture is wanted as a shared thumbnail cache's PNG (flag bit 9): fitted inside the box, never
    /// enlarged, in sRGB whatever the output profile, encoded by the decoder; the reply carries the PNG's bytes
    /// (`DecoderReply.encodedPNGFormat`), or no bytes when the picture decoded but could not be encoded.
    public var thumbnailPNG = false
    /// Whether frame `frameIndex` of the animation sent is wanted (flag bit 10), fitted inside the box as its first
    /// frame is: the decoder keeps the file's frame source open while requests for that file keep coming, and another
    /// file replaces it. Carries no region (the frame index takes the region's first field).
    public var animationFrame = false
    /// The frame wanted when `animationFrame` is set.
    public var frameIndex: Int32 = 0
    /// The output profile's number (`.outputProfile`): the decoder says which one it converts to.
    public var profileGeneration: UInt32 = 0
    /// The format libraries the photo needs (byte 64), as the viewer's read of its header says: a process
    /// loads them at its first request, before its sandbox goes on, and answers `DecoderReply.librariesMissingFailureCode`
    /// to a later request needing one it has not loaded, without reading the photo.
    public var libraries: FormatLibrarySet = []

    /// Whether the answer is a record in memory of its own (details, a header, a date, a thumbnail's facts, an
    /// animation's clock), not pixels.
    public var answersWithRecord: Bool {
        [.details, .header, .takenDate, .thumbnailFacts, .animationClock, .orientationTag].contains(kind)
    }

    /// A request of `kind` for a picture fitted in `boxWidth` × `boxHeight`.
    public init(
        kind: Kind = .decode, boxWidth: Int32, boxHeight: Int32, region: [Int32]? = nil, animated: Bool = false,
        budgetBytes: UInt64, cpuSeconds: UInt32, fileExtension: String
    ) {
        self.kind = kind
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        self.region = region
        self.animated = animated
        self.budgetBytes = budgetBytes
        self.cpuSeconds = cpuSeconds
        self.fileExtension = fileExtension
    }

    /// The message's bytes.
    public var encoded: [UInt8] {
        var wire = WireBytes(count: Self.byteCount)
        wire.put(Self.magic, at: 0)
        wire.put(kind.rawValue, at: 4)
        let flags =
            (animated ? 1 : 0) | (region != nil ? 2 : 0) | Int(replySlot & 0xF) << Int(Self.replySlotShift)
            | (carriesReplyMemory ? Int(Self.replyMemoryFlag) : 0)
            | (preview ? 8 : 0)
            | (thumbnailPNG ? Int(Self.thumbnailPNGFlag) : 0) | (animationFrame ? Int(Self.animationFrameFlag) : 0)
        wire.put(UInt16(flags), at: 6)
        wire.put(boxWidth, at: 8)
        wire.put(boxHeight, at: 12)
        for (index, value) in (region ?? []).prefix(4).enumerated() { wire.put(value, at: 16 + 4 * index) }
        if animationFrame { wire.put(frameIndex, at: 16) }
        wire.put(budgetBytes, at: 32)
        wire.put(cpuSeconds, at: 40)
        wire.put(profileGeneration, at: 44)
        wire.put(fileExtension, at: 48, capacity: Self.extensionCapacity)
        wire.put(libraries.rawValue, at: Self.librariesOffset)
        return wire.bytes
    }

    /// The request in `bytes`, or nil when they are not one (wrong size, magic or kind).
    public init?(decoding bytes: [UInt8]) {
        let wire = WireBytes(bytes)
        guard bytes.count == Self.byteCount, wire.get(UInt32.self, at: 0) == Self.magic,
            let kind = Kind(rawValue: wire.get(UInt16.self, at: 4))
        else { return nil }
        let flags = wire.get(UInt16.self, at: 6)
        self.kind = kind
        animated = flags & 1 != 0
        replySlot = UInt8(flags >> Self.replySlotShift & 0xF)
        carriesReplyMemory = flags & Self.replyMemoryFlag != 0
        preview = flags & 8 != 0
        thumbnailPNG = flags & Self.thumbnailPNGFlag != 0
        animationFrame = flags & Self.animationFrameFlag != 0
        libraries = FormatLibrarySet(
            rawValue: wire.get(UInt8.self, at: Self.librariesOffset) & FormatLibrarySet.all.rawValue)
        boxWidth = wire.get(Int32.self, at: 8)
        boxHeight = wire.get(Int32.self, at: 12)
        region = flags & 2 != 0 ? (0..<4).map { wire.get(Int32.self, at: 16 + 4 * $0) } : nil
        frameIndex = animationFrame ? wire.get(Int32.self, at: 16) : 0
        budgetBytes = wire.get(UInt64.self, at: 32)
        cpuSeconds = wire.get(UInt32.self, at: 40)
        profileGeneration = wire.get(UInt32.self, at: 44)
        fileExtension = wire.text(at: 48, capacity: Self.extensionCapacity)
    }
}
