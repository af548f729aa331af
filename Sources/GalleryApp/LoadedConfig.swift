import GalleryCore

/// The configuration file as one start reads it: the options it gives that the command line does not (the command
/// line wins), as arguments for the parser, with the lines they came from, and its key bindings.
struct LoadedConfig {
    /// The file read; nil for none (`--no-config`, or no file where the default one would be).
    var file: ConfigFile?
    /// The file's options that the command line does not give, as arguments put before the command line's.
    var arguments: [String] = []
    /// Each of those options' entry, in file order.
    var entries: [(entry: ConfigEntry, option: ConfigOption)] = []
    /// The keys: the standard ones with the file's `[keys]` over them.
    var keyBindings = KeyBindings.standard

    /// What the command line's own options say about the file, and which options they give.
    struct CommandLineFacts {
        /// `--config FILE`.
        var path: String?
        /// `--no-config`, or an option that only prints (`--help`, `--version`): no file is read.
        var skipsFile = false
        /// The long names (without `--`) of the options given.
        var given: Set<String> = []
    }

    /// Reads `options` (the command line's, split from its paths) as `EarlyOpening.plan` does: `--name value`,
    /// `--name=value`, and short flags, alone or together (`-o0`).
    static func facts(of options: [String], valueOptions: Set<String>) -> CommandLineFacts {
        let shortNames: [Character: String] = ["o": "output-marked", "0": "null", "i": "stdin", "h": "help"]
        var facts = CommandLineFacts()
        var index = options.startIndex
        while index < options.endIndex {
            let option = options[index]
            index += 1
            if !option.hasPrefix("--") {
                facts.given.formUnion(option.dropFirst().compactMap { shortNames[$0] })
                continue
            }
            let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
            var value: String?
            if name != option {
                value = String(option.dropFirst(name.count + 1))
            } else if valueOptions.contains(name), index < options.endIndex {
                value = options[index]
                index += 1
            }
            facts.given.insert(String(name.dropFirst(2)))
            if name == "--config" { facts.path = value }
        }
        facts.skipsFile = !facts.given.isDisjoint(with: ["no-config", "help", "help-hidden", "version"])
        return facts
    }

    /// Reads the file `facts` name (or the default one, `environment` saying where) and checks its every line: an
    /// option's name, a flag's word, a key, a command; the values themselves are checked by the parser
    /// (`located(_:)`).
    static func load(
        facts: CommandLineFacts, environment: [String: String], options: [String: ConfigOption]
    ) throws(ConfigError) -> LoadedConfig {
        guard !facts.skipsFile, let path = facts.path ?? ConfigFile.defaultPath(environment: environment),
            let file = try ConfigFile.load(path: path, missingIsFine: facts.path == nil)
        else { return LoadedConfig() }
        var loaded = LoadedConfig(file: file)
        var lines: [String: Int] = [:]
        for entry in file.entries where entry.section == .options {
            let fail = { (message: String) in ConfigError(path: path, line: entry.line, message: message) }
            guard let option = options[entry.name] else {
                let reason =
                    GalleryCommandLine.optionsOutsideTheFile.contains(entry.name)
                    ? "is given on the command line only" : "is no option (expected a long option without --, as fps)"
                throw fail("\(ConfigFile.shown(entry.name)) \(reason)")
            }
            if option.kind != .repeated, let previous = lines.updateValue(entry.line, forKey: entry.name) {
                throw fail("\(ConfigFile.shown(entry.name)) is set on line \(previous) already")
            }
            if facts.given.contains(option.name) { continue }
            switch option.kind {
            case .flag:
                guard let on = ConfigOption.flagWords[entry.value.lowercased()] else {
                    throw fail(
                        "\(ConfigFile.shown(entry.name)) expects true or false, got \(ConfigFile.shown(entry.value))")
                }
                if on { loaded.arguments.append(option.longName) }
            case .value, .repeated:
                loaded.arguments.append(option.longName + "=" + entry.value)
            }
            loaded.entries.append((entry, option))
        }
        loaded.keyBindings = try KeyBindings.standard.applying(file)
        return loaded
    }

    /// The refusal `message` of the parser (or of a check after it) told against the file: the first of the file's
    /// values that the parser refuses on its own, as `file:line: "fps" expects a number from 1 to 1000, got "lots"`;
    /// else `message` with the line of the first option it names that the file gave; nil when the file is not at
    /// fault.
    func located(_ message: String) -> String? {
        guard let file else { return nil }
        for (entry, option) in entries where option.kind != .flag {
            do {
                _ = try GalleryCommandLine.parse([option.longName + "=" + entry.value] + option.companions)
            } catch {
                return ConfigError(
                    path: file.path, line: entry.line,
                    message:
                        "\(ConfigFile.shown(option.name)) expects \(option.expects), got \(ConfigFile.shown(entry.value))"
                ).description
            }
        }
        let named = message.split(whereSeparator: { $0 == " " || $0 == "'" || $0 == ":" || $0 == "," })
            .filter { $0.hasPrefix("--") }
        for name in named {
            if let used = entries.first(where: { $0.option.longName == name }) {
                return ConfigError(path: file.path, line: used.entry.line, message: message).description
            }
        }
        return nil
    }
}
