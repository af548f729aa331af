import Glibc
import Support

/// The configuration file, `gallery.conf`, read into its entries: UTF-8 text of at most `maximumBytes`, one entry a
/// line (at most `maximumLineBytes`), `#` comment lines and blank lines skipped, `[options]` and `[keys]` starting
/// their sections. What the names and values mean is for the options and `KeyBindings` to check.
public struct ConfigFile: Equatable, Sendable {
    /// The largest file read: a configuration is a page or two, so more is a mistake (a photo named by accident).
    public static let maximumBytes = 1 << 20
    /// The longest line, in bytes.
    public static let maximumLineBytes = 4096

    /// The file, as named.
    public var path: String
    /// Its entries in file order.
    public var entries: [ConfigEntry]

    /// Creates a file of `entries`.
    public init(path: String, entries: [ConfigEntry]) {
        self.path = path
        self.entries = entries
    }

    /// Reads `bytes`, the content of the file at `path` (for messages).
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigError) -> ConfigFile {
        guard bytes.count <= maximumBytes else {
            throw ConfigError(path: path, line: nil, message: "larger than \(maximumBytes) bytes (1 MiB)")
        }
        var entries: [ConfigEntry] = []
        var section = ConfigSection.options
        var number = 0
        for var lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if lineBytes.last == 0x0D { lineBytes.removeLast() }
            let fail = { (message: String) in ConfigError(path: path, line: number, message: message) }
            guard lineBytes.count <= maximumLineBytes else {
                throw fail("the line is longer than \(maximumLineBytes) bytes")
            }
            guard var line = String(validating: lineBytes, as: UTF8.self) else {
                throw fail("the line is not UTF-8 text")
            }
            if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if let control = line.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                let hex = String(control.value, radix: 16)
                throw fail(
                    "a control character (0x\(hex.count == 1 ? "0" + hex : hex)); in a quoted value write it \\x")
            }
            let text = ConfigText.trimmed(line[...])
            if text.isEmpty || text.hasPrefix("#") { continue }
            if text.hasPrefix("["), text.hasSuffix("]"), !text.contains("=") {
                let name = ConfigText.trimmed(text.dropFirst().dropLast())
                guard let named = ConfigSection(rawValue: String(name)) else {
                    throw fail("unknown section \(shown(String(text))) (expected [options] or [keys])")
                }
                section = named
                continue
            }
            let (name, value) = try split(text, fail: fail)
            entries.append(ConfigEntry(line: number, section: section, name: name, value: value))
        }
        return ConfigFile(path: path, entries: entries)
    }

    /// Reads the file at `path`: nil when it does not exist and `missingIsFine` (the default file), else an error
    /// naming it.
    public static func load(path: String, missingIsFine: Bool) throws(ConfigError) -> ConfigFile? {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.contents(ofFile: path, maximumBytes: maximumBytes)
        } catch {
            if error.code == ENOENT, missingIsFine { return nil }
            let reason = error.code == 0 && error.reason.hasPrefix("larger") ? "larger than 1 MiB" : error.reason
            throw ConfigError(path: path, line: nil, message: "cannot be read: \(reason)")
        }
        return try parse(bytes, path: path)
    }

    /// The file read when none is named: `$XDG_CONFIG_HOME/gallery/gallery.conf`, else `~/.config/gallery/gallery.conf`
    /// (an `XDG_CONFIG_HOME` that is empty or relative is ignored, as the XDG Base Directory specification says); nil
    /// with neither that nor `HOME`.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/gallery/gallery.conf"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/gallery/gallery.conf"
    }

    /// `text` (trimmed, not a comment or section) as its name and value.
    private static func split(
        _ text: Substring, fail: (String) -> ConfigError
    ) throws(ConfigError) -> (String, String) {
        let expected = "expected NAME = VALUE, got \(shown(String(text)))"
        var name: String
        var rest: Substring
        if text.hasPrefix("\"") {
            switch ConfigText.quoted(text) {
            case .success(let read): (name, rest) = (read.value, ConfigText.trimmed(read.rest))
            case .failure(let problem): throw fail(problem.message)
            }
            guard rest.hasPrefix("=") else { throw fail(expected) }
        } else {
            guard let equals = text.firstIndex(of: "=") else { throw fail(expected) }
            (name, rest) = (String(ConfigText.trimmed(text[..<equals])), text[equals...])
        }
        guard !name.isEmpty else { throw fail(expected) }
        rest = ConfigText.trimmed(rest.dropFirst())
        guard rest.hasPrefix("\"") else { return (name, String(rest)) }
        switch ConfigText.quoted(rest) {
        case .success(let read):
            guard ConfigText.trimmed(read.rest).isEmpty else { throw fail("text after the closing quote") }
            return (name, read.value)
        case .failure(let problem): throw fail(problem.message)
        }
    }

    /// `text` in double quotes for a message, cut to 80 characters ("…" after them): a line may be 4096 bytes long.
    public static func shown(_ text: String) -> String {
        "\"" + (text.count > 80 ? text.prefix(80) + "…" : text) + "\""
    }
}
