/// Keys that all give one command, with the words the help shows for them.
public struct KeyBinding: Equatable, Sendable {
    /// SDL key names as `SDL_GetKeyName` prints them, e.g. "Right", "PageDown", "Q".
    public var keyNames: [String]
    /// What the keys do.
    public var command: GalleryCommand
    /// What the help line says they do, e.g. "next photo".
    public var summary: String

    /// Creates a binding.
    public init(keyNames: [String], command: GalleryCommand, summary: String) {
        self.keyNames = keyNames
        self.command = command
        self.summary = summary
    }
}
