/// A JSON object that lacks a field or holds it with the wrong type.
package enum JSONFieldError: Error, Equatable, Sendable {
    /// The field is absent.
    case missing(field: String)
    /// The field is there but holds something else, e.g. "a whole number" expected, "a string" found.
    case wrongType(field: String, expected: String, found: String)
}
