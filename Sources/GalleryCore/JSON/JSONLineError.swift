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
