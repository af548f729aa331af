import Gallery
import GalleryCore
import GalleryScene

/// Decides, from the command line's options alone, what a window's start begins before they are parsed (`Startup`):
/// the decoding when no option changes how photos are decoded, and the listing too when no option changes what is
/// listed or shown first (`gallery ~/Photos`, `gallery --size 1600x900 a.jpg`).
///
/// Parsing the options and setting up the window's run took about 10 ms of the main thread, which the first photo's
/// decode waited for. What is begun here is the run's own (`WindowRun.run(startup:opening:)`): it is begun only for
/// options under which the run would make the very same, so nothing is compared afterwards.
enum EarlyOpening {
    /// What a listing is asked: the paths and how they are ordered.
    struct Listing: Equatable {
        var paths: [String]
        var recursive = false
        var sort = PhotoSort.name
        var reverse = false
        var rawPairs = RawPairs.jpeg
    }

    /// The options that change neither what is listed and shown first nor how it is decoded: with only these, the
    /// listing and the first photo's decode begin before the parse.
    /// (`--config` and `--no-config` are: the file's options are among `options` already.)
    static let listingNeutralOptions: Set<String> = ["--software", "--size", "--transition", "--config", "--no-config"]

    /// The options that leave the image options (`GalleryCommandLine.images`: the decoders' limits, the budget, colour
    /// management) at their defaults: with only these, the decoder processes and the page worker begin before the parse.
    static let decodingNeutralOptions: Set<String> = listingNeutralOptions.union([
        "--mode", "--recursive", "--sort", "--reverse", "--raw-pairs", "--slideshow", "--keep-zoom", "--remember",
        "--scale",
        "--no-thumbnail-cache", "--output-marked", "-o", "--null", "-0", "--action1", "--action2", "--action3",
        "--action4", "--action5", "--action6", "--action7", "--action8", "--action9",
    ])

    /// Begins what `options` (split from `paths`) allow, and SDL's load, and returns it for the window's run; nil for
    /// a headless run (which begins SDL's load alone), the help and the version (nothing), and other options (SDL).
    static func begin(options: [String], paths: [String]) -> Startup? {
        let informational: Set<String> = ["-h", "--help", "--help-hidden", "--version", "--print-config"]
        guard !options.contains(where: informational.contains) else { return nil }
        guard !options.contains("--headless") else {
            SDLLibraries.loadInBackground()
            return nil
        }
        // Called from the main thread (top-level code), before any thread starts: the environment set first is what
        // the threads' libraries read.
        return MainActor.assumeIsolated {
            WindowRun.prepareProcess()
            guard let plan = plan(options: options) else {
                SDLLibraries.loadInBackground()
                return nil
            }
            guard plan.lists, !paths.isEmpty else { return Startup(size: plan.size, open: nil) }
            let listing = Listing(paths: paths)
            return Startup(size: plan.size) {
                let (library, order) = try GalleryCommandLine.orderedLibrary(listing, emptyFeedAllowed: false)
                return OpenedLibrary(
                    library: library, startPage: order?.startIndex ?? 0,
                    mode: InitialMode.mode(photoCount: library.count))
            }
        }
    }

    /// The window size `options` ask for (the default without `--size`) and whether they allow the listing too; nil
    /// if an option changes the decoding, or the size does not parse (the parser then says why).
    static func plan(options: [String]) -> (size: ViewportSize, lists: Bool)? {
        var size = "1280x720"
        var lists = true
        var index = options.startIndex
        while index < options.endIndex {
            let option = options[index]
            index += 1
            let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
            guard decodingNeutralOptions.contains(name) else { return nil }
            lists = lists && listingNeutralOptions.contains(name)
            var value: String?
            if name != option {
                value = String(option.dropFirst(name.count + 1))
            } else if GalleryCommandLine.valueOptionNames.contains(name), index < options.endIndex {
                value = options[index]
                index += 1
            }
            if name == "--size", let value { size = value }
        }
        guard let parsed = try? ViewportSize(parsing: size) else { return nil }
        return (parsed, lists)
    }
}
