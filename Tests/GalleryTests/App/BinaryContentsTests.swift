import Foundation
import Testing

/// The built `gallery` carries no test, soak or documentation code: those live in GalleryTesting, GalleryCoreTesting
/// and GalleryDocs, which only the tests, `gallery-soak` and `gallery-docs` link.
@Suite("Binary contents")
struct BinaryContentsTests {
    /// Names that appear in the mangled symbols of anything from the modules kept out of `gallery` (Swift mangling
    /// spells module and type names out, so a plain substring finds them).
    static let forbidden = [
        "GalleryTesting", "GalleryCoreTesting", "GalleryDocs",
        "SoakRun", "SoakLibrary", "SoakScriptGenerator", "SoakWatchdog", "TraceInvariants",
        "HostileCorpus", "HostileHeader", "JPEGFixture", "DNGFixture", "EncodedFixture",
        "ManualPage", "DesktopEntry", "InputReference", "ReadmeKeysTable",
    ]

    /// The symbols of the built `gallery` (`nm`: the static symbol table, which a debug build keeps), or of the
    /// program of that name beside it.
    static func symbols(of program: String = "gallery") throws -> [Substring] {
        let path = GalleryProcess.executable.deletingLastPathComponent().appendingPathComponent(program).path
        let (status, text) = try GalleryProcess.capture(
            [path], program: URL(fileURLWithPath: "/usr/bin/nm"), stream: .standardOutput)
        #expect(status == 0)
        return text.split(separator: "\n")
    }

    @Test("gallery's symbol table has the app's types and none of the test, soak or documentation ones")
    func noTestCode() throws {
        let symbols = try Self.symbols()
        // The control: a symbol table that lists the app's own types, so an empty or stripped one cannot pass.
        #expect(
            symbols.contains { $0.contains("SpringSimulation") }, "nm listed no SpringSimulation: did it read gallery?")
        for name in Self.forbidden {
            let found = symbols.filter { $0.contains(name) }
            #expect(found.isEmpty, "gallery has \(found.count) symbols naming \(name), e.g. \(found.prefix(3))")
        }
    }

    /// Symbols of the format libraries (defined, or undefined: to be bound from a shared library) and the decoder
    /// modules' mangled names: the viewer decodes in `gallery-decoder` processes and links none of them.
    static let formatLibrarySymbols = [
        "heif_", "Jxl", "libraw_", "IMG_", "tjInitDecompress", "tjDecompress", "WebPAnim", "WebPDemux", "jpeg_",
        "TIFF", "png_",
    ]
    static let decoderModules = [
        "ImageDecoders", "ImageLoader", "HEIFDecoder", "JXLDecoder", "JPEGDecoder", "RAWPreview", "WebPAnimation",
    ]

    @Test("gallery's symbol table names no format library and no decoder module")
    func noFormatLibraries() throws {
        let symbols = try Self.symbols()
        #expect(symbols.contains { $0.hasSuffix(" SDL_Init") }, "nm listed no SDL_Init: did it read gallery?")
        let names = symbols.compactMap { $0.split(separator: " ").last }
        for prefix in Self.formatLibrarySymbols {
            let found = names.filter { $0.hasPrefix(prefix) }
            #expect(found.isEmpty, "gallery has \(found.count) symbols starting \(prefix), e.g. \(found.prefix(3))")
        }
        for name in Self.decoderModules {
            let found = symbols.filter { $0.contains(name) }
            #expect(found.isEmpty, "gallery has \(found.count) symbols naming \(name), e.g. \(found.prefix(3))")
        }
    }

    @Test("gallery-decoder's symbol table names neither the app model nor the paging physics")
    func decoderLinksNoModel() throws {
        let symbols = try Self.symbols(of: "gallery-decoder")
        // The control: the decoder's own module and the support both processes link are there.
        #expect(
            symbols.contains { $0.contains("14GalleryDecoder") },
            "nm listed no GalleryDecoder: did it read the decoder?")
        #expect(symbols.contains { $0.contains("7Support") }, "nm listed nothing of Support: did it read the decoder?")
        // Swift mangles a module's name as its length and the name: `11PagerEngine`, `11GalleryCore`.
        for module in ["11PagerEngine", "11GalleryCore", "12GalleryScene"] {
            let found = symbols.filter { $0.contains(module) }
            #expect(found.isEmpty, "gallery-decoder has \(found.count) symbols of \(module), e.g. \(found.prefix(3))")
        }
    }
}
