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

    /// The choice the last `--decoders X` (or `--decoders=X`) in `arguments` names, else `fromEnvironment`: for
    /// `--version`, which the parser answers before it reads the other options.
    public static func named(in arguments: [String]) -> DecoderChoice {
        var choice: DecoderChoice?
        for (index, argument) in arguments.enumerated() {
            if argument == "--decoders", index + 1 < arguments.count {
                choice = DecoderChoice(rawValue: arguments[index + 1]) ?? choice
            } else if argument.hasPrefix("--decoders=") {
                choice = DecoderChoice(rawValue: String(argument.dropFirst("--decoders=".count))) ?? choice
            }
        }
        return choice ?? fromEnvironment
    }
}

#if canImport(Glibc)
import Glibc
#endif
