/// Why `-o` could not print the whole list of marked photos: the gallery exits non-zero with this message.
public enum MarkedListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Some names hold a newline and were left out of the newline-separated list.
    case namesWithNewlines(count: Int)
    /// Standard output refused the list (closed, a broken pipe, a full disk): the system's text.
    case notWritten(String)

    /// The message on standard error.
    public var description: String {
        switch self {
        case .namesWithNewlines(let count):
            "-o left out \(count) marked photo\(count == 1 ? "" : "s") whose name holds a newline (one line would read "
                + "as several); use -0 for NUL-separated paths"
        case .notWritten(let reason): "-o could not print the marked photos: \(reason)"
        }
    }
}
