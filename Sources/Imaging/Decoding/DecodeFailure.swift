/// Why a page's picture could not be decoded: what the error tile shows.
public struct DecodeFailure: Error, Sendable, Hashable {
    /// The category of failure, with details where they help the user.
    public enum Reason: Error, Sendable, Hashable {
        /// Nothing exists at the path (or it vanished before it could be opened).
        case missingFile
        /// The path names a directory, device or other non-file.
        case notAFile
        /// The file exists but could not be read, with the system's explanation (e.g. permission denied).
        case unreadable(String)
        /// The file has no bytes.
        case emptyFile
        /// The content is not an image format SDL_image reads (whatever the file name says).
        case unrecognisedFormat
        /// The content starts like `format` but could not be decoded, with the decoder's message.
        case corrupt(format: String, detail: String)
        /// The image is larger than the decoder accepts (see `ImageDecoder.maximumSide`, `maximumPixelCount`).
        case tooLarge(PixelSize)
        /// Decoding worked but converting or scaling failed (usually out of memory), with SDL's message.
        case processingFailed(String)
        /// A synthetic page outside `0..<count`.
        case invalidSyntheticPage(index: Int, count: Int)
        /// The decoder process was stopped or lost mid-decode, named as the tile shows it (e.g. "decoder crashed").
        case decoderStopped(String)

        /// A short explanation for the user, e.g. "empty file (0 bytes)".
        public var message: String {
            switch self {
            case .missingFile: "file not found"
            case .notAFile: "not a regular file"
            case .unreadable(let detail): "cannot read the file: \(detail)"
            case .emptyFile: "empty file (0 bytes)"
            case .unrecognisedFormat: "not an image in a supported format"
            case .corrupt(let format, let detail): "corrupt or truncated \(format) (\(detail))"
            case .tooLarge(let size): "image too large to show (\(size) px)"
            case .processingFailed(let detail): "could not prepare the image: \(detail)"
            case .invalidSyntheticPage(let index, let count): "no synthetic page \(index + 1) of \(count)"
            case .decoderStopped(let why): why
            }
        }
    }

    /// The page source that failed.
    public let source: PageSource
    /// What went wrong.
    public let reason: Reason

    /// A failure of `source` for `reason`.
    public init(source: PageSource, reason: Reason) {
        self.source = source
        self.reason = reason
    }
}

extension DecodeFailure: CustomStringConvertible {
    /// `name: reason`, e.g. `holiday.jpg: empty file (0 bytes)`.
    public var description: String { "\(source.displayName): \(reason.message)" }
}
