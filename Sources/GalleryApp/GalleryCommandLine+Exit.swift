import ArgumentParser
import DecoderProcess
import Gallery
import GalleryCore
import GalleryScene
import Glibc
import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GalleryCommandLine {
    /// The exit status for input the gallery refuses: an option, a script or a photo path.
    static let badInputStatus: Int32 = 2

    /// Parses the command line and runs it. Refused input prints one line (`Error: …`, no usage) and exits 2; other
    /// failures exit 1; a run stopped by SIGINT or SIGTERM exits 128 + the signal, as a shell expects.
    static func mainReportingBadInput() -> Never {
        // First of all: a descriptor opened before this (StopSignal's thread makes one) would take a closed standard
        // output's number, and `-o` would then write the marked photos into it.
        let standardOutputOpen = StandardDescriptors.reserve().output
        StopSignal.install()
        // A closed pipe on standard output is an error to report (`-o | head`), not a silent death that would leave
        // the actions' processes behind.
        signal(SIGPIPE, SIG_IGN)
        Descendants.adopt()
        // Only the options go through the parser, whose cost grows with the square of its arguments.
        let (given, paths) = CommandLineSplit.split(Array(rawArguments.dropFirst()), valueOptions: valueOptionNames)
        // The configuration file's options go first, only those the command line does not give: the command line wins.
        let config: LoadedConfig
        do {
            config = try LoadedConfig.load(
                facts: LoadedConfig.facts(of: given, valueOptions: valueOptionNames),
                environment: ProcessInfo.processInfo.environment, options: configOptionsByName)
        } catch {
            fail(error.description, status: badInputStatus)
        }
        let options = config.arguments + given
        // The first photo waits for a decoder process and the window for SDL: both load now while the options are
        // parsed, and the photo is listed and asked for meanwhile when the options allow.
        let startup = EarlyOpening.begin(options: options, paths: paths)
        var command: GalleryCommandLine
        do {
            command = try parse(options)
            command.paths = paths
        } catch {
            // --help and --version are "errors" that exit 0 with their text, and an ExitCode (no message) was already
            // explained; everything else is bad input.
            let text = message(for: error)
            if exitCode(for: error) == .success, rawArguments.dropFirst().contains("--version") {
                // The format libraries and the sandbox's layers are the decoder process's: one is started to ask.
                let lines = ProcessDecoding.versionLines()
                let versions = LinkedLibrary.versionText(program: "gallery", version: buildVersion)
                print(([versions] + lines).joined(separator: "\n"))
                Glibc.exit(0)
            }
            if exitCode(for: error) == .success || text.isEmpty { exit(withError: error) }
            fail(config.located(text) ?? text, status: badInputStatus)
        }
        if command.printConfig {
            let text = command.configText(keyBindings: config.keyBindings, file: config.file?.path)
            if let code = Array(text.utf8).withUnsafeBytes({ FileSystem.writeAll($0, to: 1) }) {
                fail("--print-config: \(FileSystem.message(forErrorCode: code))", status: EXIT_FAILURE)
            }
            exitProcess(EXIT_SUCCESS)
        }
        if command.outputMarked || command.nullSeparated, !standardOutputOpen {
            fail("-o prints the marked photos on standard output, which is closed", status: badInputStatus)
        }
        do {
            try command.run(startup: startup, keyBindings: config.keyBindings)
        } catch let error as ExitCode {
            endChildren()
            exit(withError: error)
        } catch let error as ValidationError {
            fail(config.located(error.message) ?? error.message, status: badInputStatus)
        } catch let error as ScriptError {
            fail(error.description, status: badInputStatus)
        } catch let error as PhotoIndexError {
            fail(error.description, status: badInputStatus)
        } catch let error as OutputError {
            fail(error.description, status: badInputStatus)
        } catch let error as MarkedListError {
            fail(error.description, status: EXIT_FAILURE)
        } catch {
            fail(message(for: error), status: EXIT_FAILURE)
        }
        if let signal = StopSignal.received { exitProcess(StopSignal.exitStatus(for: signal)) }
        exitProcess(EXIT_SUCCESS)
    }

    /// The arguments as their bytes (`PathBytes`): `CommandLine.arguments` repairs a name that is not UTF-8 into
    /// another name, which no longer opens the file.
    static var rawArguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return PathBytes.string(fromBytes: UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The long names of the options that take a value (`--mode wheel`). Listed, not reflected at each start: reading
    /// them from the command's properties (`reflectedValueOptionNames`) cost 4–5 ms of the main thread before anything
    /// else could start. A test holds the list to the reflected one, so a new option cannot be left out.
    static let valueOptionNames: Set<String> = [
        "--action1", "--action2", "--action3", "--action4", "--action5", "--action6", "--action7", "--action8",
        "--action9", "--cache-mb", "--config", "--copy-to", "--feed-batch", "--feed-command", "--feed-delay",
        "--feed-failure-rate",
        "--feed-seed", "--feed-timeout", "--feed-watch", "--fit", "--fps", "--max-megapixels", "--mode", "--move-to",
        "--raw-pairs",
        "--scale", "--script", "--shots", "--size", "--slideshow", "--sort", "--synthetic", "--trace", "--transition",
    ]

    /// The long names of the options that take a value, read from the command's declared properties: what a test holds
    /// `valueOptionNames` to (never read at start).
    static var reflectedValueOptionNames: Set<String> {
        Set(
            Mirror(reflecting: GalleryCommandLine()).children.compactMap { child in
                guard let label = child.label, label.hasPrefix("_"),
                    String(describing: type(of: child.value)).hasPrefix("Option<")
                else { return nil }
                return CommandLineSplit.longName(ofProperty: label.dropFirst())
            })
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        let line = "Error: " + message.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
        // Unbuffered, straight to the descriptor: the process exits on the next line.
        _ = Array((line + "\n").utf8).withUnsafeBytes { FileSystem.writeAll($0, to: STDERR_FILENO) }
        exitProcess(status)
    }

    /// `exit(3)`: flushes C's buffers and runs `atexit` handlers (ParsableCommand's own `exit` hides the C one here).
    /// First, every feed command and action still running is ended with its whole process group, and then every
    /// other descendant (one that left its group, now the gallery's child): nothing the gallery started outlives it,
    /// whatever ends it.
    private static func exitProcess(_ status: Int32) -> Never {
        endChildren()
        Glibc.exit(status)
    }

    private static func endChildren() {
        ProcessGroups.terminateAll()
        // Every descendant comes from a group the gallery started: with none, /proc need not be scanned.
        if ProcessGroups.startedAny { Descendants.endAll() }
    }
}
