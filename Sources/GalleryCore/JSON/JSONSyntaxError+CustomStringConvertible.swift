extension JSONSyntaxError: CustomStringConvertible {
    /// The problem with its column, e.g. `bad JSON at column 12: expected ',' or '}' in the object`.
    package var description: String {
        "bad JSON at column \(column): \(message)"
    }
}
