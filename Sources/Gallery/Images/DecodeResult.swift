/// A finished decode: the request it answers and the surface or the failure.
public struct DecodeResult: Sendable {
    /// The request this answers.
    public let request: DecodeRequest
    /// The fitted surface in `Surface.pixelFormat`, or why there is none.
    public let outcome: Result<Surface, DecodeFailure>

    /// The result `outcome` for `request`.
    public init(request: DecodeRequest, outcome: Result<Surface, DecodeFailure>) {
        self.request = request
        self.outcome = outcome
    }

    /// The logical page index (`request.page`).
    public var page: Int { request.page }
}
