extension ScriptError: CustomStringConvertible {
    /// The error as a user reads it, e.g. `in.jsonl, line 3: unknown event type "jump" (expected …)`.
    public var description: String {
        let place = switch (path, line) {
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
