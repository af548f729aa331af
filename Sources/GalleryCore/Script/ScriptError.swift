import Support

/// Why a script could not be read, with the file and line (counted from 1) where it went wrong.
public struct ScriptError: Error, Equatable, Sendable {
    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// The file could not be read (missing, a directory, no permission …).
        case unreadableFile(reason: String)
        /// The file is not UTF-8 text.
        case notUTF8
        /// The line is not JSON; the message says why (and where, as `JSONSyntax` tells).
        case badJSON(String)
        /// The line is JSON but not an object.
        case notAnObject(found: String)
        /// A required field is absent.
        case missingField(String)
        /// A field holds the wrong kind of value.
        case wrongType(field: String, expected: String, found: String)
        /// The `type` field names no known command.
        case unknownType(String)
        /// `t` is below zero.
        case negativeTime(Double)
        /// `t` is earlier than the previous event's.
        case timeGoesBackwards(t: Double, previous: Double, previousLine: Int)
        /// A field has the right type but an unusable value.
        case invalidValue(field: String, reason: String)
    }

    /// The script file, when it was loaded from one.
    public var path: String?
    /// The line the problem is on; `nil` only when the file itself could not be read.
    public var line: Int?
    /// What is wrong.
    public var problem: Problem

    /// Creates an error.
    public init(path: String? = nil, line: Int?, problem: Problem) {
        self.path = path
        self.line = line
        self.problem = problem
    }
}

extension ScriptError: CustomStringConvertible {
    /// The error as a user reads it, e.g. `in.jsonl, line 3: unknown event type "jump" (expected …)`.
    public var description: String {
        let place =
            switch (path, line) {
            case let (path?, line?): "\(path), line \(line)"
            case let (path?, nil): path
            case let (nil, line?): "script line \(line)"
            case (nil, nil): "script"
            }
        return "\(place): \(problemDescription)"
    }

    private var problemDescription: String {
        switch problem {
        case .unreadableFile(let reason):
            "cannot read the script: \(reason)"
        case .notUTF8:
            "the script is not UTF-8 text"
        case .badJSON(let message):
            message
        case .notAnObject(let found):
            "expected a JSON object like {\"t\":0,\"type\":\"quit\"}, found \(found)"
        case .missingField(let field):
            "missing field \"\(field)\""
        case .wrongType(let field, let expected, let found):
            "field \"\(field)\" must be \(expected), found \(found)"
        case .unknownType(let type):
            "unknown event type \"\(type)\" (expected one of: \(ScriptCommand.typeNames.joined(separator: ", ")))"
        case .negativeTime(let t):
            "negative time t = \(DecimalText.trimmed(t, maximumPlaces: 6)) (times are seconds from the start, ≥ 0)"
        case .timeGoesBackwards(let t, let previous, let previousLine):
            "t = \(DecimalText.trimmed(t, maximumPlaces: 6)) is earlier than t = "
                + "\(DecimalText.trimmed(previous, maximumPlaces: 6)) on line \(previousLine) (events must be in time order)"
        case .invalidValue(let field, let reason):
            "field \"\(field)\" \(reason)"
        }
    }
}
