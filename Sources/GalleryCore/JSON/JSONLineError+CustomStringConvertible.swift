extension JSONLineError: CustomStringConvertible {
    /// The problem in words, e.g. `field "x" must be a number, found a string`.
    package var description: String {
        switch self {
        case .notJSON(let reason):
            "bad JSON: \(reason)"
        case .notAnObject(let found):
            "expected a JSON object, found \(found)"
        case .missingField(let field):
            "missing field \"\(field)\""
        case .wrongType(let field, let expected, let found):
            "field \"\(field)\" must be \(expected), found \(found)"
        case .invalidValue(let field, let reason):
            "field \"\(field)\" \(reason)"
        }
    }
}
