import GalleryCore
import Testing

@testable import GalleryApp

/// The command line is split into options and paths before it is parsed, by a listed set of the options that take a
/// value: the list must name every such option the command declares, and no other.
@Suite("Command line option names")
struct CommandLineOptionNamesTests {
    @Test func theListedValueOptionsAreTheDeclaredOnes() {
        #expect(GalleryCommandLine.valueOptionNames == GalleryCommandLine.reflectedValueOptionNames)
        #expect(GalleryCommandLine.valueOptionNames.contains("--size"))
        #expect(!GalleryCommandLine.valueOptionNames.contains("--software"))
    }
}

/// A start lists the paths and asks for the first photo before its options are parsed, when they can only size the
/// window: what it begins must be what the parsed command line then asks for, or it is not used.
@Suite("Early opening")
struct EarlyOpeningTests {
    @Test(
        arguments: [
            ([], "1280x720"), (["--software"], "1280x720"), (["--size", "800x600"], "800x600"),
            (["--size=640x480", "--software"], "640x480"), (["--mode", "wheel"], nil), (["--recursive"], nil),
            (["--size", "huge"], nil), (["--headless", "--script", "s.jsonl"], nil),
        ] as [([String], String?)])
    func onlyWindowOptionsBeginEarly(options: [String], size: String?) throws {
        #expect(EarlyOpening.windowSize(options: options) == size.map { try! ViewportSize(parsing: $0) })
    }

    @Test func theEarlyListingAndSizeAreACommandLineOfPathsAlone() throws {
        let command = try GalleryCommandLine.parse([])
        #expect(EarlyOpening.windowSize(options: []) == (try ViewportSize(parsing: command.size)))
        let parsed = EarlyOpening.Listing(
            paths: ["a", "b"], recursive: command.recursive, sort: command.sort, reverse: command.reverse,
            rawPairs: command.rawPairs)
        #expect(parsed == EarlyOpening.Listing(paths: ["a", "b"]))
    }
}
