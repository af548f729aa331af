/// A photo as the thumbnail cache knows it: its URI, the MD5 that names its thumbnails, and the modification time
/// (whole seconds) and size in bytes its thumbnails must state to be valid.
public struct ThumbnailKey: Sendable, Hashable {
    /// The photo's absolute path, `.` and `..` applied.
    public var path: String
    /// The `file://` URI of the photo's absolute path (`Thumb::URI`).
    public var uri: String
    /// The thumbnail's file name: the MD5 of `uri` in hex, then `.png`.
    public var fileName: String
    /// The photo's modification time in whole seconds since the epoch (`Thumb::MTime`).
    public var modifiedSeconds: Int
    /// The photo's size in bytes (`Thumb::Size`).
    public var byteCount: Int

    /// The key of the photo at `path` (made absolute against `workingDirectory`), modified at `modifiedSeconds`,
    /// `byteCount` bytes long.
    public init(path: String, workingDirectory: String, modifiedSeconds: Int, byteCount: Int) {
        self.path = ThumbnailURI.absolutePath(path, workingDirectory: workingDirectory)
        uri = ThumbnailURI.fileURI(forAbsolutePath: PathBytes.bytes(of: self.path))
        fileName = MD5Digest.hex(of: Array(uri.utf8)) + ".png"
        self.modifiedSeconds = modifiedSeconds
        self.byteCount = byteCount
    }

    /// Whether a thumbnail stating `facts` (its text chunks, read by a decoder process) was made from this photo as it
    /// is now: the URI's digest and the modification time match, and the size too when it is stated. Numbers are
    /// compared as 64-bit integers, never converted where they could trap.
    public func isValid(_ facts: ThumbnailFacts) -> Bool {
        guard let digest = facts.uriDigest, digest.count == 16, MD5Digest.hex(digest: digest) + ".png" == fileName,
            facts.modifiedSeconds == Int64(modifiedSeconds)
        else { return false }
        guard facts.statesSize else { return true }
        return facts.byteCount != nil && facts.byteCount == UInt64(exactly: byteCount)
    }

    /// The tEXt chunks a thumbnail of this photo written by `software` carries.
    public func textChunks(software: String) -> [[UInt8]] {
        [
            PNGChunks.textChunk(keyword: "Thumb::URI", text: uri),
            PNGChunks.textChunk(keyword: "Thumb::MTime", text: String(modifiedSeconds)),
            PNGChunks.textChunk(keyword: "Thumb::Size", text: String(byteCount)),
            PNGChunks.textChunk(keyword: "Software", text: software),
        ]
    }
}
