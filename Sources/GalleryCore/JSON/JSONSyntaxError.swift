/// Text that is not JSON, with the 1-based column (in UTF-8 bytes) where parsing stopped.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// Where the problem is, counted from 1.
    package var column: Int
    /// What was expected or found there.
    package var message: String

    /// Creates a syntax error.
    package init(column: Int, message: String) {
        self.column = column
        self.message = message
    }
}
