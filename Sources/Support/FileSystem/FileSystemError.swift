/// A failed system call on a path, with the operating system's own words for it.
package struct FileSystemError: Error, Equatable, Sendable {
    /// The path the call was about.
    package var path: String
    /// The `errno` value the call left.
    package var code: Int32
    /// `strerror(code)`, read at once so later calls cannot overwrite it.
    package var reason: String

    /// Creates an error from an `errno` value.
    package init(path: String, code: Int32) {
        self.path = path
        self.code = code
        self.reason = FileSystem.message(forErrorCode: code)
    }

    /// Creates an error that no `errno` value describes, such as a FIFO where a file was expected.
    package init(path: String, reason: String) {
        self.path = path
        self.code = 0
        self.reason = reason
    }
}
