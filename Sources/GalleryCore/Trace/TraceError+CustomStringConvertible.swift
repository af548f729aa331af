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
