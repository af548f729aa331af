import Imaging

/// One photo a decoder process is asked for: the request, and a name `ImageFile` opens the photo's descriptor by
/// inside the sandbox (`OfferedPhoto`; the kernel opens nothing there).
public struct DecodeJob {
    /// The viewer's request.
    public let request: DecoderRequest
    /// The descriptor the viewer sent, open read-only on the photo.
    public let descriptor: Int32
    /// The name `ImageFile` opens, inside the sandbox, as a duplicate of `descriptor` (`OfferedPhoto`); it ends in
    /// the request's file extension.
    public let path: String
    /// A job for `request` on `descriptor`, opened inside the sandbox as `path`.
    public init(request: DecoderRequest, descriptor: Int32, path: String) {
        self.request = request
        self.descriptor = descriptor
        self.path = path
    }
}

/// What a decode gives back to the viewer.
public enum DecodeAnswer {
    /// The pixels, in shared memory (`PixelBuffer(… shared: true)`), with up to two notes.
    case pixels(PixelBuffer, notes: [String])
    /// Encoded bytes (a thumbnail's PNG), sent in a memfd of their own; empty: the picture could not be encoded.
    case encoded([UInt8])
    /// No pixels: a failure code the viewer knows, and up to two texts of detail.
    case failure(code: UInt16, texts: [String])
}
