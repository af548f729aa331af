import Support

/// The output profile photos are converted to: the ICC profile of the display the window is on, as SDL reads it
/// (`SDL_GetWindowICCProfile`: on X11 the `_ICC_PROFILE` property colour managers such as colord set on the root
/// window, over SDL's own connection). Known only once the window exists, and read again when SDL reports a change, so
/// the decoders ask for it at each decode; nil (sRGB) until then, without a profile, or headless.
///
/// A decode that began under an older profile is redone before it is returned (`decode(with:_:)`); one that was
/// already returned is reported by `update(_:)`, so its picture can be decoded again.
public final class DisplayProfile: Sendable {
    private struct State {
        var bytes: [UInt8]?
        /// Counts the changes of `bytes`.
        var generation = 0
        /// Decodes returned under the current `bytes`.
        var returned = 0
    }

    private let state = LockedState(State())

    /// A profile of no bytes yet (sRGB).
    public init() {}

    /// The profile's bytes, or nil for sRGB.
    public var bytes: [UInt8]? { state.withLock { $0.bytes } }

    /// Takes `bytes` as the profile; returns whether a decode already returned its picture under a different profile
    /// (and so shows wrong colours where its photo has a profile of its own).
    @discardableResult
    public func update(_ bytes: [UInt8]?) -> Bool {
        state.withLock { state in
            guard state.bytes != bytes else { return false }
            let stale = state.returned > 0
            state = State(bytes: bytes, generation: state.generation + 1, returned: 0)
            return stale
        }
    }

    /// `decode` run with `decoder` converting to the current profile, again if the profile changed meanwhile.
    public func decode<Decoder: PictureDecoding, Result>(
        with decoder: Decoder, _ decode: (Decoder) throws(DecodeFailure) -> Result
    ) throws(DecodeFailure) -> Result {
        while true {
            let (bytes, generation) = state.withLock { state in (state.bytes, state.generation) }
            let result = try decode(decoder.converting(to: bytes))
            let kept = state.withLock { state in
                guard state.generation == generation else { return false }
                state.returned += 1
                return true
            }
            if kept { return result }
        }
    }

    /// `bytes` as a profile if it could be one: at least an ICC header and tag count (132 bytes), at most what an
    /// embedded profile may be (`EmbeddedColour.maximumProfileBytes`); lcms judges the rest, and shows sRGB if it cannot
    /// use it.
    public static func plausible(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard bytes.count >= 132, bytes.count <= EmbeddedColour.maximumProfileBytes else { return nil }
        return Array(bytes)
    }
}
