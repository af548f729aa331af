/// A part of the configuration file: the options (where the file begins, or after `[options]`) and the key bindings
/// (after `[keys]`).
public enum ConfigSection: String, CaseIterable, Hashable, Sendable {
    /// `name = value` lines, one for each command-line option given.
    case options
    /// `key = command` lines, each binding one key.
    case keys
}
