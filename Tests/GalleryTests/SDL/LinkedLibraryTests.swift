import CSDL2
import Gallery
import Testing

@Suite struct LinkedLibraryTests {
    /// The viewer's own libraries only: the format libraries are the decoder process's (`--version` asks it).
    @Test func theSDLLibrariesAndLittleCMSReportDottedVersions() {
        let libraries = LinkedLibrary.all
        #expect(libraries.map(\.name) == ["SDL", "SDL_ttf", "Little CMS"])
        for library in libraries {
            let parts = library.version.split(separator: ".", omittingEmptySubsequences: false)
            // Little CMS says "2.14" (no patch level); the others are plain.
            let numbers = parts.map { $0.split(separator: "-").first.map(String.init) ?? "" }
            #expect(
                (library.name == "Little CMS" ? 2 : 3) == parts.count && numbers.allSatisfy { UInt8($0) != nil },
                "\(library.name) \(library.version)")
        }
    }

    /// SDL loads only a library at least as new as the headers it was built against, so the runtime version
    /// reported must not be older than the one in the headers.
    @Test func sdlIsAtLeastTheVersionBuiltAgainst() throws {
        let parts = try #require(LinkedLibrary.all.first).version.split(separator: ".").compactMap { Int($0) }
        let built = [Int(SDL_MAJOR_VERSION), Int(SDL_MINOR_VERSION), Int(SDL_PATCHLEVEL)]
        #expect(parts.lexicographicallyPrecedes(built) == false)
        #expect(parts.first == built.first)
    }

    static let texts: [(version: String, libraries: [LinkedLibrary], expected: String)] = [
        ("v1.2.0", [LinkedLibrary(name: "SDL", version: "2.26.5")], "gallery v1.2.0\nSDL 2.26.5"),
        (
            "abc1234-dirty",
            [LinkedLibrary(name: "SDL", version: "2.30.0"), LinkedLibrary(name: "SDL_ttf", version: "2.22.0")],
            "gallery abc1234-dirty\nSDL 2.30.0, SDL_ttf 2.22.0"
        ),
        ("unknown", [], "gallery unknown"),
    ]

    @Test(arguments: texts)
    func versionTextNamesTheProgramThenTheLibraries(version: String, libraries: [LinkedLibrary], expected: String) {
        #expect(LinkedLibrary.versionText(program: "gallery", version: version, libraries: libraries) == expected)
    }
}
