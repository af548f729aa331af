import Imaging

/// A decode failure's reason as it crosses from a decoder process to the viewer: a code and up to two texts.
public enum DecodeFailureCode {
    /// The code and texts of `reason`.
    public static func encode(_ reason: DecodeFailure.Reason) -> (code: UInt16, texts: [String]) {
        switch reason {
        case .missingFile: (1, [])
        case .notAFile: (2, [])
        case .unreadable(let detail): (3, [detail])
        case .emptyFile: (4, [])
        case .unrecognisedFormat: (5, [])
        case .corrupt(let format, let detail): (6, [format, detail])
        case .tooLarge(let size): (7, ["\(size.width)", "\(size.height)"])
        case .processingFailed(let detail): (8, [detail])
        case .invalidSyntheticPage: (8, [reason.message])
        case .decoderStopped(let why): (9, [why])
        }
    }

    /// The reason a reply's failure `code` and `texts` state.
    public static func decode(code: UInt16, texts: [String]) -> DecodeFailure.Reason {
        func text(_ index: Int) -> String { index < texts.count ? texts[index] : "" }
        switch code {
        case 1: return .missingFile
        case 2: return .notAFile
        case 3: return .unreadable(text(0))
        case 4: return .emptyFile
        case 5: return .unrecognisedFormat
        case 6: return .corrupt(format: text(0), detail: text(1))
        case 7: return .tooLarge(PixelSize(width: Int(text(0)) ?? 0, height: Int(text(1)) ?? 0))
        case 9: return .decoderStopped(text(0))
        case DecoderReply.memoryLimitFailureCode: return .decoderStopped(DecoderFault.overMemoryLimit.message)
        case DecoderReply.unsandboxedFailureCode:
            return .decoderStopped(
                "not sandboxed: the kernel offers neither Landlock nor seccomp, so nothing is decoded")
        case DecoderReply.librariesMissingFailureCode: return .decoderStopped("\(text(1)) not loaded by the decoder")
        default: return .processingFailed(text(0).isEmpty ? "the decoder failed (code \(code))" : text(0))
        }
    }
}
