import Imaging

/// What a decoder process answered a request with: its reply, and for pixels the shared memory they are in.
public struct DecoderAnswer: Sendable {
    /// The reply's header and texts.
    public let reply: DecoderReply
    /// The pixels, mapped from the memfd sent with the reply (no copy), when the reply carries pixels.
    public let pixels: PixelBuffer?
    /// The process that answered.
    public let processID: Int32
    /// The encoded bytes a `thumbnailPNG` request is answered with (copied out of the reply's memfd), else nil.
    public var encoded: [UInt8]? = nil
}
