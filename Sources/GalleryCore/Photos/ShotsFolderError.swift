/// Why `--shots` names a folder the gallery must not write into.
public struct ShotsFolderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The one-line explanation.
    public let message: String

    /// The message as the error's description.
    public var description: String { message }
}
