/// Why a configuration file was refused, with the file and the line (counted from 1) where it went wrong, as a compiler
/// says it: `gallery.conf:12: "fps" expects a number from 1 to 1000, got "lots"`.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as it was named (or found).
    public var path: String
    /// The line the problem is on; nil when the file itself could not be read.
    public var line: Int?
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: message`, or `path: message` for the whole file.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
