/// A parsed JSON value; numbers are doubles, as in JavaScript.
package enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number; integers up to 2^53 are exact.
    case number(Double)
    /// A string, escapes resolved.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not kept, duplicate keys are rejected by the parser.
    case object([String: JSONValue])

    /// How the value reads in an error message: "a string", "an object" …
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
