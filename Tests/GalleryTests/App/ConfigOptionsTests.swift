import Foundation
import GalleryCore
import Testing

@testable import GalleryApp

/// The configuration file as `gallery` reads it before its command line: every option a key, the command line winning,
/// refusals with the file's line, and `--print-config` reading back as itself.
@Suite("Configuration options")
struct ConfigOptionsTests {
    /// The options the parser declares, by long name, as flags or options that repeat or not (its `--help` dump).
    static var declared: [String: ConfigOption.Kind] {
        struct Dump: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            struct Argument: Decodable {
                var kind: String
                var names: [Name]?
                var isRepeating: Bool
            }
            struct Command: Decodable { var arguments: [Argument] }
            var command: Command
        }
        let dump = try! JSONDecoder().decode(Dump.self, from: Data(GalleryCommandLine._dumpHelp().utf8))
        var declared: [String: ConfigOption.Kind] = [:]
        for argument in dump.command.arguments where argument.kind != "positional" {
            guard let long = argument.names?.first(where: { $0.kind == "long" })?.name,
                !["help", "version", "help-hidden", "experimental-dump-help"].contains(long)
            else { continue }
            declared[long] = argument.kind == "flag" ? .flag : argument.isRepeating ? .repeated : .value
        }
        return declared
    }

    @Test("every command-line option is a key of the file, as a flag, a value or a repeated value, and no other")
    func everyOptionIsAKey() {
        let declared = Self.declared
        let keys = Dictionary(uniqueKeysWithValues: GalleryCommandLine.configOptions.map { ($0.name, $0.kind) })
        #expect(Set(keys.keys) == Set(declared.keys).subtracting(GalleryCommandLine.optionsOutsideTheFile))
        for (name, kind) in keys { #expect(declared[name] == kind, "\(name)") }
        #expect(declared["fps"] == .value && declared["move-to"] == .repeated && declared["keep-zoom"] == .flag)
    }

    /// A configuration file of `text`, read for `commandLine`, and the command they make.
    static func configured(_ text: String, _ commandLine: [String] = []) throws -> (LoadedConfig, GalleryCommandLine) {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Array(text.utf8), to: "gallery.conf")
        let facts = LoadedConfig.facts(
            of: ["--config", path] + commandLine, valueOptions: GalleryCommandLine.valueOptionNames)
        let config = try LoadedConfig.load(
            facts: facts, environment: [:], options: GalleryCommandLine.configOptionsByName)
        return (config, try GalleryCommandLine.parse(config.arguments + ["--config", path] + commandLine))
    }

    @Test("the file's options apply; the command line's win, a repeated one replacing the file's list")
    func commandLineWins() throws {
        let text = "fps = 30\nsize = 800x600\nkeep-zoom = yes\nmove-to = /tmp\nmove-to = /\nsort = mtime\n"
        let (_, fromFile) = try Self.configured(text)
        #expect(fromFile.fps.value == 30 && fromFile.size == "800x600" && fromFile.keepZoom)
        #expect(fromFile.moveTo == ["/tmp", "/"] && fromFile.sort == .mtime)
        let (_, both) = try Self.configured(text, ["--fps", "50", "--move-to=/", "--sort", "size", "-o0"])
        #expect(both.fps.value == 50 && both.size == "800x600" && both.keepZoom)
        #expect(both.moveTo == ["/"] && both.sort == .size && both.outputMarked && both.nullSeparated)
    }

    @Test(
        "a value the parser refuses is told with the file's line and what the key expects",
        arguments: [
            ("size = 800x600\nfps = lots", "2: \"fps\" expects a number from 1 to 1000, got \"lots\""),
            ("fps = 5000", "1: \"fps\" expects a number from 1 to 1000, got \"5000\""),
            ("\n\nsize = huge", "3: \"size\" expects a size WxH, such as 1280x720, got \"huge\""),
            (
                "mode = sideways",
                "1: \"mode\" expects one of bounded, endCaps, threeSurfaces, feed, wheel or grid, got \"sideways\""
            ),
            ("move-to = /nonexistent-folder", "1: \"move-to\" expects an existing folder, got \"/nonexistent-folder\""),
            ("headless = true", "1: --headless needs --script FILE"),
            ("feed-watch = /\nfeed-command = ls", "1: --feed-watch and --feed-command cannot go together"),
        ])
    func locatesARefusedValue(text: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Array(text.utf8), to: "gallery.conf")
        let config = try LoadedConfig.load(
            facts: .init(path: path), environment: [:], options: GalleryCommandLine.configOptionsByName)
        var refusal: String?
        do { _ = try GalleryCommandLine.parse(config.arguments) } catch {
            refusal = config.located(GalleryCommandLine.message(for: error))
        }
        #expect(refusal == "\(path):\(message)")
    }

    @Test(
        "a line the options cannot read is refused with its number",
        arguments: [
            ("zoom-max = 6400", "1: \"zoom-max\" is no option (expected a long option without --, as fps)"),
            ("fps = 1\nfps = 2", "2: \"fps\" is set on line 1 already"),
            ("keep-zoom = maybe", "1: \"keep-zoom\" expects true or false, got \"maybe\""),
            ("config = other.conf", "1: \"config\" is given on the command line only"),
            (
                "[keys]\nx = explode",
                "2: x expects a command (such as next, zoom-in, quit; `gallery --print-config` lists them all) or none, got \"explode\""
            ),
        ])
    func refusesALine(text: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Array(text.utf8), to: "gallery.conf")
        #expect(
            throws: ConfigError(
                path: path, line: Int(message.prefix { $0 != ":" })!,
                message: String(message.drop { $0 != " " }.dropFirst()))
        ) {
            try LoadedConfig.load(
                facts: .init(path: path), environment: [:], options: GalleryCommandLine.configOptionsByName)
        }
    }

    @Test("--no-config, --help and --version read no file, not even a broken one; others read the default file")
    func skipsTheFile() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("gallery"), withIntermediateDirectories: true)
        try folder.write(Array("fps = lots\n".utf8), to: "gallery/gallery.conf")
        let environment = ["XDG_CONFIG_HOME": folder.url.path]
        for options in [["--no-config"], ["--help"], ["-h"], ["--version"], ["--fps", "2"]] {
            let facts = LoadedConfig.facts(of: options, valueOptions: GalleryCommandLine.valueOptionNames)
            let config = try LoadedConfig.load(
                facts: facts, environment: environment, options: GalleryCommandLine.configOptionsByName)
            #expect((config.file == nil) == (options != ["--fps", "2"]), "\(options)")
            #expect(config.arguments.isEmpty)
        }
    }

    @Test(
        "--print-config reads back as the same configuration",
        arguments: [
            ("", []),
            ("fps = 30\nmove-to = /tmp\naction2 = \" spaced \"\n[keys]\nx = quit\nn = none", ["--scale", "2"]),
            (
                "action1 = \"echo %f\\n# \\\"x\\\"\"\nmode = wheel\nkeep-zoom = on",
                ["--fit=fill", "--feed-command", "ls -1"]
            ),
        ] as [(String, [String])])
    func printedConfigRoundTrips(text: String, commandLine: [String]) throws {
        let (config, command) = try Self.configured(text, commandLine)
        let printed = command.configText(keyBindings: config.keyBindings, file: nil)
        let (again, reread) = try Self.configured(printed)
        #expect(reread.configText(keyBindings: again.keyBindings, file: nil) == printed)
        #expect(again.keyBindings == config.keyBindings)
        #expect(printed.contains("\n[keys]\n") && printed.contains("\nfps = "))
    }
}
