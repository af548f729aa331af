/// Where photos are decoded: in sandboxed decoder processes, or in the viewer's own threads.
public enum DecoderChoice: String, Sendable, CaseIterable {
    /// In long-lived sandboxed `gallery-decoder` processes (`DecoderPool`): a decoder's crash costs a tile.
    case process
    /// In the viewer's decode threads.
    case inline

    /// `GALLERY_DECODERS` from the environment ("process" or "inline"), else `inline`: what runs that name no choice
    /// use, so a whole test suite can be run either way.
    public static var fromEnvironment: DecoderChoice {
        getenv("GALLERY_DECODERS").flatMap { DecoderChoice(rawValue: String(cString: $0)) } ?? .inline
    }
}

#if canImport(Glibc)
import Glibc
#endif
