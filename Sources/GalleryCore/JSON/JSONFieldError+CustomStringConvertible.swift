extension JSONFieldError: CustomStringConvertible {
    /// The problem in words, e.g. `field "x" must be a number, found a string`.
    package var description: String {
        switch self {
        case .missing(let field):
            "missing field \"\(field)\""
        case .wrongType(let field, let expected, let found):
            "field \"\(field)\" must be \(expected), found \(found)"
        }
    }
}
