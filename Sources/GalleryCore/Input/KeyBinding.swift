/// One line of the help: keys, each with its command (most lines give one command), and what they do.
public struct KeyBinding: Equatable, Sendable {
    /// The keys the line names, each with its command.
    public var keys: [KeyAction]
    /// Keys the line covers without naming them in its key column (its summary may), each with its command.
    public var unnamed: [KeyAction]
    /// The help's key column: the keys' names ("n, Space"), or a shorter form for a run of keys ("F2…F7").
    public var label: String
    /// What the help line says they do, e.g. "next photo".
    public var summary: String

    /// A line whose keys all give `command`; `unnamed` keys have commands of their own.
    public init(_ keys: [Key], _ command: GalleryCommand, _ summary: String, unnamed: [KeyAction] = []) {
        self.init(keys.map { KeyAction($0, command) }, summary, unnamed: unnamed)
    }

    /// A line of keys with commands of their own, labelled `label` (by default the keys' names).
    public init(_ keys: [KeyAction], _ summary: String, label: String? = nil, unnamed: [KeyAction] = []) {
        self.keys = keys
        self.unnamed = unnamed
        self.label = label ?? keys.map(\.key.name).joined(separator: ", ")
        self.summary = summary
    }
}
