/// Why a trace could not be written or read back.
public enum TraceError: Error, Equatable, Sendable {
    /// Writing or flushing failed (disk full, closed pipe …).
    case writeFailed(destination: String, reason: String)
    /// A trace file could not be read.
    case unreadable(path: String, reason: String)
    /// A line is not a trace record; `line` counts from 1 when the record came from a whole trace.
    case malformedLine(line: Int?, reason: String)
}

extension TraceError: CustomStringConvertible {
    /// The error as a user reads it.
    public var description: String {
        switch self {
        case .writeFailed(let destination, let reason):
            "cannot write the trace \(destination): \(reason)"
        case .unreadable(let path, let reason):
            "cannot read the trace \(path): \(reason)"
        case .malformedLine(let line?, let reason):
            "trace line \(line): \(reason)"
        case .malformedLine(nil, let reason):
            "trace line: \(reason)"
        }
    }
}
