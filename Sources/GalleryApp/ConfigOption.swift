/// A command-line option as a key of the configuration file: `fps = 30` for `--fps 30`.
struct ConfigOption: Sendable {
    /// How the option takes its value.
    enum Kind: Sendable {
        /// A flag: `true` or `false` in the file, present or absent on the command line.
        case flag
        /// An option given once.
        case value
        /// An option given any number of times (`--move-to`): one line each, in order.
        case repeated
    }

    /// Its long name without `--`: the file's key.
    var name: String
    /// How it takes its value.
    var kind: Kind
    /// What a value must be, for a refusal: `"fps" expects a number from 1 to 1000, got "lots"`.
    var expects: String
    /// Other options a value is checked with on its own, which its validation needs (`--script` with `--headless`).
    var companions: [String] = []
    /// Its values in a parsed command, as typed (empty when not given and without a default; "true" or "false" for a
    /// flag).
    var values: @Sendable (GalleryCommandLine) -> [String]

    /// The option on the command line.
    var longName: String { "--" + name }

    /// A flag read by `read`.
    static func flag(_ name: String, _ read: @escaping @Sendable (GalleryCommandLine) -> Bool) -> ConfigOption {
        ConfigOption(name: name, kind: .flag, expects: "true or false", values: { [read($0) ? "true" : "false"] })
    }

    /// An option given once, whose value `read` gives as typed (nil when not given and without a default).
    static func value(
        _ name: String, expects: String, companions: [String] = [],
        _ read: @escaping @Sendable (GalleryCommandLine) -> String?
    ) -> ConfigOption {
        ConfigOption(
            name: name, kind: .value, expects: expects, companions: companions, values: { read($0).map { [$0] } ?? [] })
    }

    /// The words a flag's value may be in the file (any case): on and off.
    static let flagWords: [String: Bool] = [
        "true": true, "yes": true, "on": true, "1": true, "false": false, "no": false, "off": false, "0": false,
    ]
}
