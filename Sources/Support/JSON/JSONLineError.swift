/// Why one line of JSON Lines could not be decoded, naming the field where there is one.
package enum JSONLineError: Error, Equatable, Sendable {
    /// The line is not JSON; `reason` is `JSONSyntax`'s, e.g. "unexpected 'x' at character 5 (where a value should start)".
    case notJSON(reason: String)
    /// The line is JSON but not an object.
    case notAnObject(found: String)
    /// A required field is absent.
    case missingField(String)
    /// A field holds the wrong kind of value, e.g. "a whole number" expected, "a string" found.
    case wrongType(field: String, expected: String, found: String)
    /// A field has the right kind of value but an unusable one; `reason` completes "field "w" …".
    case invalidValue(field: String, reason: String)
}

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
