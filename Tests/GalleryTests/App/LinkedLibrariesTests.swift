import Foundation
import Testing

/// The built `gallery` loads no part of Foundation beyond FoundationEssentials: Foundation with its ICU data costs
/// ~7 MB of RSS and milliseconds of start-up in a viewer meant to start like feh (docs/PERFORMANCE.md, "Keep
/// Foundation out of the process").
@Suite("Linked libraries")
struct LinkedLibrariesTests {
    /// The libraries that pull in all of Foundation, or ICU.
    static let forbidden = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"]

    @Test("gallery links neither Foundation nor its ICU, directly or through a library it loads")
    func noFoundation() throws {
        // ldd lists the whole closure of shared libraries the dynamic loader would map, not just DT_NEEDED.
        let (status, text) = try GalleryProcess.capture(
            [GalleryProcess.executable.path], program: URL(fileURLWithPath: "/usr/bin/ldd"), stream: .standardOutput)
        #expect(status == 0)
        let libraries = text.split(separator: "\n").compactMap {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
        #expect(libraries.contains { $0.hasPrefix("libSDL2") }, "ldd found no SDL, so it did not read gallery: \(text)")
        for library in Self.forbidden {
            #expect(!libraries.contains(library), "\(text)")
        }
    }
}
