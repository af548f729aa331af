import GalleryCore
import Imaging
import Testing

@testable import DecoderProcess
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

/// A window's start begins its decoding, and its listing with the first photo's decode, before its options are parsed,
/// for options under which the parsed command would make the same: every option on those lists must leave the image
/// options (and, for the listing, what is listed and the first mode) at their defaults.
@Suite("Early opening")
struct EarlyOpeningTests {
    @Test(
        arguments: [
            ([], "1280x720", true), (["--software"], "1280x720", true), (["--size", "800x600"], "800x600", true),
            (["--size=640x480", "--software"], "640x480", true), (["--transition", "none"], "1280x720", true),
            (["--mode", "wheel"], "1280x720", false), (["--recursive", "--size", "800x600"], "800x600", false),
            (["--sort=mtime", "-o"], "1280x720", false), (["--fit", "down"], nil, false),
            (["--max-megapixels", "2"], nil, false), (["--size", "huge"], nil, false),
            (["--software", "--no-color-management"], nil, false), (["--cache-mb=8"], nil, false),
        ] as [([String], String?, Bool)])
    func theOptionsDecideWhatBeginsEarly(options: [String], size: String?, lists: Bool) throws {
        let plan = EarlyOpening.plan(options: options)
        #expect(plan?.size == size.map { try! ViewportSize(parsing: $0) })
        #expect(plan.map(\.lists) == size.map { _ in lists })
    }

    /// A value for each option that takes one.
    static let sampleValues: [String: String] = [
        "--size": "800x600", "--transition": "none", "--mode": "grid", "--sort": "mtime", "--raw-pairs": "both",
        "--slideshow": "3", "--scale": "2", "--action1": "echo %f", "--action2": "echo %f", "--action3": "echo %f",
        "--action4": "echo %f", "--action5": "echo %f", "--action6": "echo %f", "--action7": "echo %f",
        "--action8": "echo %f", "--action9": "echo %f", "--config": "gallery.conf",
    ]

    static func parsed(_ option: String) throws -> GalleryCommandLine {
        try GalleryCommandLine.parse([option] + (sampleValues[option].map { [$0] } ?? []))
    }

    @Test(arguments: EarlyOpening.decodingNeutralOptions.sorted())
    func aDecodingNeutralOptionLeavesTheImageOptions(option: String) throws {
        let defaults = try GalleryCommandLine.parse([]).images
        let images = try Self.parsed(option).images
        #expect(
            ProcessDecoding.poolConfiguration(options: images, processCount: 5)
                == ProcessDecoding.poolConfiguration(options: ImageOptions(), processCount: 5))
        #expect(images.decodeBudgetBytes == ImageOptions().decodeBudgetBytes)
        #expect(images.managesColour == ImageOptions().managesColour)
        #expect(images.maximumPixelCount == defaults.maximumPixelCount)
    }

    @Test(arguments: EarlyOpening.listingNeutralOptions.sorted())
    func aListingNeutralOptionListsAsThePathsAlone(option: String) throws {
        var command = try Self.parsed(option)
        command.paths = ["a", "b"]
        #expect(command.listing(paths: command.paths) == EarlyOpening.Listing(paths: ["a", "b"]))
        #expect(command.mode == nil && !command.feedGiven && command.synthetic == nil)
        #expect(EarlyOpening.plan(options: [option] + (Self.sampleValues[option].map { [$0] } ?? []))?.lists == true)
    }
}
