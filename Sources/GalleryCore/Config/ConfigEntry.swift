/// One `name = value` line of a configuration file, unquoted.
public struct ConfigEntry: Equatable, Sendable {
    /// The line it is on, counted from 1.
    public var line: Int
    /// The section it is in.
    public var section: ConfigSection
    /// The text left of `=`: an option's long name without `--`, or a key's name.
    public var name: String
    /// The text right of `=`: the option's value, or a command's name.
    public var value: String

    /// Creates an entry.
    public init(line: Int, section: ConfigSection, name: String, value: String) {
        self.line = line
        self.section = section
        self.name = name
        self.value = value
    }
}
