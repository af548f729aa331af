/// Why a decoder process gave no answer: what the photo's error tile names.
public enum DecoderFault: Error, Sendable, Hashable {
    /// The process ended on a signal or an unexpected exit (its number or status, for the log).
    case crashed(String)
    /// An allocation failed at the address-space limit (the decode budget), which ended the process.
    case overMemoryLimit
    /// The decode took longer than its deadline (wall clock) or its CPU time, and the process was stopped.
    case tookTooLong(seconds: Double)
    /// A decoder has crashed on this photo twice; it is not tried again until the file changes.
    case crashedBefore
    /// No decoder process could be started or reached (the message says why).
    case unavailable(String)

    /// The exit status a decoder ends with when an allocation failed at its address-space limit.
    public static let memoryLimitExitStatus: Int32 = 86

    /// The reason as the error tile shows it.
    public var message: String {
        switch self {
        case .crashed: "decoder crashed"
        case .overMemoryLimit: "over the memory limit"
        case .tookTooLong(let seconds): "took longer than \(Self.format(seconds)) s"
        case .crashedBefore: "decoder crashed (twice; not retried until the file changes)"
        case .unavailable(let why): "no decoder process: \(why)"
        }
    }

    /// `seconds` without a needless fraction: "2", "0.5".
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
