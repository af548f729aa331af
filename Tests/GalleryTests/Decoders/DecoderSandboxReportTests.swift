import Foundation
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

/// What `--version` says about the decoders: their sandbox layers when they run in processes, and that they do not
/// otherwise (without starting one).
@Suite struct DecoderSandboxReportTests {
    struct Named: Sendable {
        let arguments: [String]
        let choice: DecoderChoice
    }

    @Test(arguments: [
        Named(arguments: ["--version", "--decoders", "process"], choice: .process),
        Named(arguments: ["--decoders=process", "--version"], choice: .process),
        Named(arguments: ["--decoders", "process", "--decoders", "inline"], choice: .inline),
        Named(arguments: ["--decoders", "nonsense", "--version"], choice: DecoderChoice.fromEnvironment),
        Named(arguments: ["--version"], choice: DecoderChoice.fromEnvironment),
    ])
    func theLastDecodersOptionNamesTheChoice(named: Named) {
        #expect(DecoderChoice.named(in: named.arguments) == named.choice)
    }

    @Test func versionListsTheSandboxLayersOfAProcessDecoder() throws {
        let (status, text) = try GalleryProcess.capture(
            ["--version", "--decoders", "process"], stream: .standardOutput)
        #expect(status == 0)
        for layer in ["no_new_privs: on", "Landlock: on", "seccomp: on", "address-space limit: "] {
            #expect(text.contains("  " + layer), "\(text)")
        }
    }

    @Test func versionWithInlineDecodersSaysSoAndListsNoLayers() throws {
        let (status, text) = try GalleryProcess.capture(["--version", "--decoders", "inline"], stream: .standardOutput)
        #expect(status == 0)
        #expect(text.contains("decoders: inline"))
        #expect(!text.contains("seccomp"))
    }
}
