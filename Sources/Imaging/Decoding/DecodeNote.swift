import Support

/// What a decode thread learned about a page's file before or instead of a decode: its header's size (the decode
/// follows), or that a revalidated file is unchanged (nothing is decoded). Main loops take them with
/// `DecodeWorker.drainNotes()`.
public struct DecodeNote: Sendable {
    /// Which of the two.
    public enum Kind: Sendable, Hashable {
        /// The header was read; the decode goes on and its `DecodeResult` follows.
        case header
        /// A `.revalidate` request found the file as it was: the request is answered, no result follows.
        case unchanged
    }

    /// The request this is about.
    public let request: DecodeRequest
    /// A header read, or an unchanged file.
    public let kind: Kind
    /// The file's identity as examined.
    public let stamp: FileStamp?
    /// The pixel size the header states, before EXIF rotation (nil for `.unchanged` notes and unreadable headers).
    public let statedSize: PixelSize?

    /// A note of `kind` about `request`.
    public init(request: DecodeRequest, kind: Kind, stamp: FileStamp?, statedSize: PixelSize?) {
        self.request = request
        self.kind = kind
        self.stamp = stamp
        self.statedSize = statedSize
    }

    /// The photo (`request.photo`).
    public var photo: PhotoID { request.photo }
}
