/// A key and the command it gives.
public struct KeyAction: Equatable, Sendable {
    /// The key.
    public var key: Key
    /// What it does.
    public var command: GalleryCommand

    /// `key` gives `command`.
    public init(_ key: Key, _ command: GalleryCommand) {
        self.key = key
        self.command = command
    }
}
