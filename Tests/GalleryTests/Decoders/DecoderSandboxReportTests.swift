import Foundation
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

/// What `--version` says about the decoders: the format libraries the decoder process links (the viewer links none)
/// and its sandbox layers, asked of a decoder process it starts.
@Suite struct DecoderSandboxReportTests {
    @Test func versionListsTheSandboxLayersOfAProcessDecoder() throws {
        let (status, text) = try GalleryProcess.capture(["--version"], stream: .standardOutput)
        #expect(status == 0)
        for layer in ["no_new_privs: on", "Landlock: on", "seccomp: on", "address-space limit: "] {
            #expect(text.contains("  " + layer), "\(text)")
        }
    }

    @Test func versionListsTheFormatLibrariesTheDecoderReports() throws {
        let (status, text) = try GalleryProcess.capture(["--version"], stream: .standardOutput)
        #expect(status == 0)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("decoders (gallery-decoder): ") })
        for library in ["SDL_image ", "libheif ", "libjxl ", "LibRaw "] {
            #expect(line.contains(library), "\(text)")
        }
        #expect(!line.contains("unknown"), "\(text)")
        // The viewer's own line names only what it links itself.
        let own = try #require(text.split(separator: "\n").dropFirst().first)
        #expect(!own.contains("libheif") && !own.contains("SDL_image"), "\(text)")
    }

    /// The viewer always decodes in decoder processes: there is no choice of inline decoding left to make.
    @Test func theDecodersOptionIsGone() throws {
        let (status, text) = try GalleryProcess.capture(
            ["--decoders", "inline"], stream: .standardError)
        #expect(status == 2)
        #expect(text.contains("--decoders"), "\(text)")
        #expect(text.contains("Unknown option '--decoders'"), "\(text)")
    }
}
