import Support

/// A finished decode: the request it answers, the picture or the failure, and what the worker saw of the file.
public struct DecodeResult: Sendable {
    /// The request this answers.
    public let request: DecodeRequest
    /// The fitted picture, or why there is none.
    public let outcome: Result<DecodedPicture, DecodeFailure>
    /// The file's identity, examined before it was decoded (so a change during the decode shows as a change next
    /// time); nil for `.picture` requests, generated pages, and files that could not be examined.
    public let stamp: FileStamp?
    /// The pixel size the file's header states, before EXIF rotation; nil for `.picture` requests, generated pages
    /// and unreadable headers.
    public let statedSize: PixelSize?

    /// The result `outcome` for `request`, with the file's `stamp` and `statedSize` when the worker examined it.
    public init(
        request: DecodeRequest, outcome: Result<DecodedPicture, DecodeFailure>, stamp: FileStamp? = nil,
        statedSize: PixelSize? = nil
    ) {
        self.request = request
        self.outcome = outcome
        self.stamp = stamp
        self.statedSize = statedSize
    }

    /// The photo (`request.photo`).
    public var photo: PhotoID { request.photo }
}
