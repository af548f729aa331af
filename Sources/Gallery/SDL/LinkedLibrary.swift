import CSDL2
import Imaging

/// A C library the gallery runs with, and the version the loaded library reports (not the headers built against).
public struct LinkedLibrary: Equatable, Sendable {
    /// The library's usual name, e.g. "SDL_image".
    public var name: String
    /// Its version, e.g. "2.6.3".
    public var version: String

    /// Creates an entry.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// SDL, SDL_ttf and Little CMS as loaded now (SDL's load waited for, its failure named); none of them needs to be
    /// initialised first. The format libraries are the decoder process's, not the viewer's
    /// (`ProcessDecoding.formatLibraries()`, which `--version` adds).
    public static var all: [LinkedLibrary] {
        let lcms = LinkedLibrary(name: "Little CMS", version: lcmsVersion(ColourTransform.lcmsVersionNumber))
        if let failure = SDLLibraries.load() {
            return [LinkedLibrary(name: "SDL", version: "unavailable (\(failure))"), lcms]
        }
        var sdl = SDL_version()
        SDL_GetVersion(&sdl)
        return [
            LinkedLibrary(name: "SDL", version: text(sdl)),
            LinkedLibrary(name: "SDL_ttf", version: TTF_Linked_Version().map { text($0.pointee) } ?? "unknown"),
            lcms,
        ]
    }

    /// What `gallery --version` prints: "gallery 1.2.0" then "SDL 2.26.5, SDL_ttf 2.20.1, Little CMS 2.14".
    public static func versionText(program: String, version: String, libraries: [LinkedLibrary] = all) -> String {
        let libraryLine = libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        return libraries.isEmpty ? "\(program) \(version)" : "\(program) \(version)\n\(libraryLine)"
    }

    /// libjxl's version number (major · 1000000 + minor · 1000 + patch) as "0.7.0".
    static func jxlVersion(_ number: UInt32) -> String {
        "\(number / 1_000_000).\(number / 1000 % 1000).\(number % 1000)"
    }

    /// Little CMS's version number (major · 1000 + minor · 10) as "2.14"; it carries no patch level.
    static func lcmsVersion(_ number: Int32) -> String {
        "\(number / 1000).\(number / 10 % 100)"
    }

    private static func text(_ version: SDL_version) -> String {
        "\(version.major).\(version.minor).\(version.patch)"
    }
}
