/// What a cached thumbnail's PNG states about itself: its `IHDR` size and its `Thumb::URI` (as the MD5 of its bytes),
/// `Thumb::MTime` and `Thumb::Size` texts. Read from the file's bytes in a decoder process (`ThumbnailRecord`): the
/// viewer reads no byte of a PNG another program may have written, and compares numbers and digests only.
public struct ThumbnailFacts: Sendable, Equatable {
    /// The width `IHDR` states, however large.
    public var width: UInt64
    /// The height `IHDR` states.
    public var height: UInt64
    /// The MD5 of `Thumb::URI`'s bytes (16 bytes), or nil when the PNG has none.
    public var uriDigest: [UInt8]?
    /// `Thumb::MTime` in whole seconds, or nil when the PNG states none that is a number.
    public var modifiedSeconds: Int64?
    /// Whether the PNG states a `Thumb::Size` at all.
    public var statesSize: Bool
    /// `Thumb::Size` in bytes, or nil when it is not stated or not a number.
    public var byteCount: UInt64?

    /// Facts stating these fields.
    public init(
        width: UInt64, height: UInt64, uriDigest: [UInt8]?, modifiedSeconds: Int64?, statesSize: Bool,
        byteCount: UInt64?
    ) {
        self.width = width
        self.height = height
        self.uriDigest = uriDigest
        self.modifiedSeconds = modifiedSeconds
        self.statesSize = statesSize
        self.byteCount = byteCount
    }

    /// The first bytes read from a thumbnail for its text chunks: most writers put them before the pixels.
    public static let headBytes = 64 << 10

    /// The most bytes read from a thumbnail whose text chunks are not all in its head (ImageMagick writes them after
    /// the pixels): a 1024-pixel RGBA thumbnail stored without compression fits.
    public static let wholeBytes = 8 << 20

    /// The facts of the PNG whose first `count` bytes `read(count)` gives (fewer at its end); nil when it is no PNG
    /// with an `IHDR` and readable chunks.
    public static func read(_ read: (Int) -> [UInt8]) -> ThumbnailFacts? {
        let head = read(headBytes)
        guard let size = PNGChunks.size(of: head), var texts = PNGChunks.texts(in: head) else { return nil }
        if texts["Thumb::URI"] == nil || texts["Thumb::MTime"] == nil, head.count == headBytes {
            guard let whole = PNGChunks.texts(in: read(wholeBytes)) else { return nil }
            texts = whole
        }
        let size64 = (UInt64(clamping: size.width), UInt64(clamping: size.height))
        return ThumbnailFacts(
            width: size64.0, height: size64.1,
            uriDigest: texts["Thumb::URI"].map { MD5Digest.digest(of: Array($0.utf8)) },
            modifiedSeconds: texts["Thumb::MTime"].flatMap(seconds), statesSize: texts["Thumb::Size"] != nil,
            byteCount: texts["Thumb::Size"].flatMap { UInt64($0) })
    }

    /// Whole seconds from a stated time: an integer, or a decimal some writers use (`1700000000.0`).
    static func seconds(_ text: String) -> Int64? {
        if let whole = Int64(text) { return whole }
        return Double(text).flatMap { $0.isFinite && abs($0) < 1e15 ? Int64($0) : nil }
    }
}
