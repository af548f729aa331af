import ArgumentParser
import Foundation
import GalleryCore

/// `gallery-docs`: writes the files `make install` and README take from the code (desktop entry, man page
/// sections, keys table), so none of them is a hand-kept copy that can go stale.
struct GalleryDocs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery-docs",
        abstract: "Prints the gallery's generated documents.",
        subcommands: [
            DesktopEntryCommand.self, MetainfoCommand.self, ManualCommand.self, KeysTableCommand.self,
            UpdateReadmeCommand.self,
        ])
}

/// Prints the desktop entry.
struct DesktopEntryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "desktop-entry", abstract: "Print gallery.desktop.")

    @Option(help: "`gallery --experimental-dump-help` output, whose abstract becomes the Comment= line.")
    var helpDump: String

    func run() throws {
        let dump = try JSONDecoder().decode(HelpDump.self, from: try Data(contentsOf: URL(fileURLWithPath: helpDump)))
        print(DesktopEntry.text(comment: dump.command.abstract), terminator: "")
    }
}

/// Prints the AppStream metainfo.
struct MetainfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metainfo", abstract: "Print the AppStream metainfo (\(AppStreamMetainfo.fileName)).")

    @Option(help: "`gallery --experimental-dump-help` output, whose abstract becomes the summary.")
    var helpDump: String

    func run() throws {
        let dump = try JSONDecoder().decode(HelpDump.self, from: try Data(contentsOf: URL(fileURLWithPath: helpDump)))
        print(AppStreamMetainfo.text(summary: dump.command.abstract), terminator: "")
    }
}

/// Completes the generate-manual plugin's page.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual", abstract: "Print the man page: the plugin's page plus keys, gestures, environment.")

    @Argument(help: "The page swift-argument-parser's generate-manual plugin wrote.")
    var generatedPage: String

    @Option(help: "`gallery --experimental-dump-help` output: the options' help, to put back what the plugin dropped.")
    var helpDump: String?

    func run() throws {
        let texts = try helpDump.map { path in
            let dump = try JSONDecoder().decode(HelpDump.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
            return (dump.command.arguments ?? []).compactMap(\.abstract)
        }
        let page = try String(contentsOfFile: generatedPage, encoding: .utf8)
        print(ManualPage.completing(page, helpTexts: texts ?? []), terminator: "")
    }
}

/// Prints the Markdown keys table.
struct KeysTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "keys-table", abstract: "Print README's keys table.")

    func run() { print(InputReference.markdownTable, terminator: "") }
}

/// Rewrites the keys table in README.
struct UpdateReadmeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update-readme", abstract: "Replace the keys table between README's markers.")

    @Argument(help: "README.md")
    var readme: String

    func run() throws {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        guard let updated = ReadmeKeysTable.replacing(in: text) else {
            throw ValidationError("\(readme): no \(ReadmeKeysTable.beginMarker) … \(ReadmeKeysTable.endMarker) markers")
        }
        try updated.write(toFile: readme, atomically: true, encoding: .utf8)
    }
}

/// The part of swift-argument-parser's `--experimental-dump-help` JSON the desktop entry and the man page use.
struct HelpDump: Decodable {
    /// One option, flag or argument.
    struct Argument: Decodable {
        /// Its help text.
        var abstract: String?
    }

    /// The root command.
    struct Command: Decodable {
        /// Its one-line summary.
        var abstract: String
        /// Its options, flags and arguments.
        var arguments: [Argument]?
    }

    /// The root command.
    var command: Command
}

GalleryDocs.main()
