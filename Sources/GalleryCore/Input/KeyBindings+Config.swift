/// The configuration file's `[keys]`: `KEY = COMMAND` lines, the key named as scripts name keys (`n`, `Right`,
/// `Ctrl+R`, `F2`, `Keypad +`, `"="`), the command by its `configName` or `none` to unbind it.
extension KeyBindings {
    /// The word that unbinds a key.
    public static let unboundName = "none"

    /// These bindings with the `[keys]` entries of `file` over them; an error names the line and what was expected.
    public func applying(_ file: ConfigFile) throws(ConfigError) -> KeyBindings {
        var bindings = self
        var lines: [Key: Int] = [:]
        for entry in file.entries where entry.section == .keys {
            let fail = { (message: String) in ConfigError(path: file.path, line: entry.line, message: message) }
            guard let key = Key(name: entry.name) else {
                throw fail(
                    "\(ConfigFile.shown(entry.name)) is not a key (expected a key name as in the help: n, Right, Ctrl+R, F2, Keypad +, Space)"
                )
            }
            if case .character(let character) = key, character.isASCII, character.isWholeNumber {
                throw fail("the digits type a count (12 g) and cannot be bound")
            }
            let normalised = Self.normalised(key)
            if let previous = lines.updateValue(entry.line, forKey: normalised) {
                throw fail("\(normalised.name) is bound on line \(previous) already")
            }
            if entry.value == Self.unboundName {
                bindings = bindings.binding(key, to: nil)
            } else if let command = GalleryCommand(configName: entry.value) {
                bindings = bindings.binding(key, to: command)
            } else {
                throw fail(
                    "\(normalised.name) expects a command (such as next, zoom-in, quit; `gallery --print-config` lists them all) or none, got \(ConfigFile.shown(entry.value))"
                )
            }
        }
        return bindings
    }

    /// The `[keys]` section that makes these bindings, every key listed (the unbound standard ones as `none`).
    public var configLines: [String] {
        ["[keys]"]
            + order.map { key in
                ConfigText.written(key.name, isName: true) + " = "
                    + (commands[key].flatMap(\.configName) ?? Self.unboundName)
            }
    }
}
