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
        #expect(
            libraries.contains { $0.hasPrefix("liblcms2") }, "ldd found no lcms2, so it did not read gallery: \(text)")
        for library in Self.forbidden {
            #expect(!libraries.contains(library), "\(text)")
        }
    }

    /// The format libraries' file names, as ldd lists them.
    static let formatLibraries = ["libheif", "libjxl", "libraw", "libSDL2_image", "libwebp", "libtiff", "libturbojpeg"]
    /// Those a decoder maps only when a photo needs them (`CFormatLibraries`), and what SDL brings with it.
    static let loadedWhenNeeded = [
        "libheif", "libjxl", "libraw", "libSDL2", "libtiff", "libde265", "libdav1d", "libpulse", "libX11", "libwayland",
    ]

    /// What the viewer loads itself once `main` runs: SDL, SDL_ttf and what they bring.
    static let loadedAfterMain = ["libSDL2", "libSDL2_ttf", "libfreetype", "libharfbuzz", "libpulse", "libwayland"]

    /// The libraries ldd lists for the executable at `path` (the whole closure the loader would map).
    static func libraries(of path: String) throws -> [String] {
        let (status, text) = try GalleryProcess.capture(
            [path], program: URL(fileURLWithPath: "/usr/bin/ldd"), stream: .standardOutput)
        #expect(status == 0)
        return text.split(separator: "\n").compactMap {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
    }

    @Test("gallery maps no format library; gallery-decoder, which decodes for it, links TurboJPEG and loads the rest")
    func formatLibrariesOnlyInTheDecoder() throws {
        let viewer = try Self.libraries(of: GalleryProcess.executable.path)
        let decoder = try Self.libraries(
            of: GalleryProcess.executable.deletingLastPathComponent().appendingPathComponent("gallery-decoder").path)
        #expect(
            viewer.contains { $0.hasPrefix("liblcms2") }, "ldd found no lcms2, so it did not read gallery: \(viewer)")
        for library in Self.formatLibraries {
            #expect(!viewer.contains { $0.hasPrefix(library) }, "gallery maps \(library): \(viewer)")
        }
        // SDL and SDL_ttf, with the ~50 libraries they bring, load on a thread after `main` begins (`SDLLibraries`),
        // not in the dynamic loader before it.
        for library in Self.loadedAfterMain {
            #expect(!viewer.contains { $0.hasPrefix(library) }, "gallery maps \(library) before main: \(viewer)")
        }
        // At start the decoder maps what every decode needs (a JPEG's), and none of the libraries loaded when a photo
        // first needs them: ~16 libraries where linking them all took 83.
        for library in ["libturbojpeg", "libjpeg", "libexif", "liblcms2", "libseccomp"] {
            #expect(decoder.contains { $0.hasPrefix(library) }, "gallery-decoder maps no \(library): \(decoder)")
        }
        for library in Self.loadedWhenNeeded {
            #expect(!decoder.contains { $0.hasPrefix(library) }, "gallery-decoder maps \(library) at start: \(decoder)")
        }
        // …which it loads when asked (`--versions` loads each group and asks its version).
        let versions = GalleryProcess.executable.deletingLastPathComponent().appendingPathComponent("gallery-decoder")
        let (status, text) = try GalleryProcess.capture(["--versions"], program: versions, stream: .standardOutput)
        #expect(status == 0)
        for library in ["SDL_image 2", "libheif 1", "libjxl 0", "LibRaw 0"] {
            #expect(text.contains(library), "\(text)")
        }
        #expect(!text.contains("unavailable"), "\(text)")
    }

    @Test(
        "a gallery whose SDL cannot be loaded says why in one line and exits 1 (headless; the window checks first too)")
    func sdlThatCannotBeLoaded() throws {
        // An empty file where the loader looks first: dlopen fails with "file too short".
        let libraries = try TemporaryDirectory()
        _ = try libraries.write([], to: "libSDL2-2.0.so.0")
        let run = try GalleryProcess.run(
            [ScriptLine.quit(0.1)], arguments: ["--no-thumbnail-cache"],
            environment: ["LD_LIBRARY_PATH": libraries.url.path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("Error: loading SDL: SDL could not be loaded: "), "\(run.standardError)")
        #expect(run.standardError.contains("file too short"), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
    }
}
