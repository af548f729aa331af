/// What the gallery writes, and how it recognises a file it wrote before (the only kind of file it replaces).
public enum OutputKind: Equatable, Sendable {
    /// A headless trace: JSON Lines whose first record starts `{"t":`.
    case trace
    /// A headless shot: a PNG whose first chunk after the header is the gallery's `tEXt` mark (`ShotMark`).
    case shot

    /// How many leading bytes `isPreviousOutput` needs.
    public var headLength: Int {
        switch self {
        case .trace: Self.traceStart.count
        case .shot: ShotMark.headLength
        }
    }

    /// Whether a file starting with `head` (at most `headLength` bytes) is a previous output of this kind, which may
    /// be replaced: an empty file, a trace, or a marked shot. No photo starts like either.
    public func isPreviousOutput(head: [UInt8]) -> Bool {
        if head.isEmpty { return true }
        switch self {
        case .trace: return head.starts(with: Self.traceStart)
        case .shot: return ShotMark.isMarked(head)
        }
    }

    /// "a trace" or "a shot", for messages.
    var article: String {
        switch self {
        case .trace: "a trace"
        case .shot: "a shot"
        }
    }

    /// Every trace line starts with the `t` member (`TraceRecord.jsonLine`).
    private static let traceStart = Array(#"{"t":"#.utf8)
}
