import Gallery
import GalleryCore

/// The folder's listing and the first photo's decode, begun before the options are parsed when the command line can
/// only open a window on its paths (`gallery ~/Photos`, `gallery --size 1600x900 a.jpg`).
///
/// Parsing the options and setting up the window's run took about 10 ms of the main thread, which the first photo's
/// decode waited for: begun here, on a thread of its own, the photo is asked for while that runs. The run takes the
/// listing only for the same paths and order (`listing(for:)`), and the decode only through the pool made here, for
/// the same request (`ProcessDecoding.decodeEarly`).
enum EarlyOpening {
    /// What a listing is asked: the paths and how they are ordered.
    struct Listing: Equatable {
        var paths: [String]
        var recursive = false
        var sort = PhotoSort.name
        var reverse = false
        var rawPairs = RawPairs.jpeg

        /// The same paths byte for byte (not as Unicode-equivalent text) and the same order.
        static func == (a: Listing, b: Listing) -> Bool {
            a.paths.count == b.paths.count && zip(a.paths, b.paths).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
                && (a.recursive, a.sort, a.reverse, a.rawPairs) == (b.recursive, b.sort, b.reverse, b.rawPairs)
        }
    }

    /// The options an early start allows: none changes what is listed or how a photo is decoded.
    static let windowOnlyOptions: Set<String> = ["--software", "--size"]

    private static let held = Held()

    /// Begins loading SDL (`SDLLibraries`), the decoder pool, and on a thread the listing and the first photo's
    /// decode, if `options` (split from `paths`) allow it; SDL and the pool alone for any other window's options; SDL
    /// alone for a headless run (whose pool is another); nothing for the help and the version.
    static func begin(options: [String], paths: [String]) {
        let informational: Set<String> = ["-h", "--help", "--help-hidden", "--version"]
        guard !options.contains(where: informational.contains) else { return }
        guard !options.contains("--headless") else { return SDLLibraries.loadInBackground() }
        // Called from the main thread (top-level code), before the threads below start: it sets the environment,
        // which their libraries may read.
        MainActor.assumeIsolated { WindowRun.prepareProcess() }
        // The pool is made on this thread, which lives as long as the gallery: its processes end when their starting
        // thread does.
        ProcessDecoding.startEarly(processCount: WindowRun.decoderProcessCount, initialCount: 1)
        if !paths.isEmpty, let size = windowSize(options: options) { beginListing(paths: paths, size: size) }
        // SDL's load last: while `dlopen` runs, no thread of the process can start (glibc's pthread_create waits for
        // the dynamic loader's TLS lock, held through a whole dlopen), so the listing's thread starts first.
        SDLLibraries.loadInBackground()
    }

    /// Lists `paths` on a thread of its own and asks for the first photo at the page's size in a window of `size`.
    private static func beginListing(paths: [String], size: ViewportSize) {
        let listing = Listing(paths: paths)
        held.condition.lock()
        held.listing = (listing, nil)
        held.condition.unlock()
        DetachedThread.start(name: "gallery-early") {
            let outcome = Result { () throws(PhotoIndexError) -> PhotoOrder in
                try PhotoIndex.ordering(
                    paths: listing.paths, recursive: listing.recursive, sort: listing.sort, reverse: listing.reverse,
                    rawPairs: listing.rawPairs)
            }
            let publish = { publishListing(outcome) }
            guard case .success(let order) = outcome else { return publish() }
            let library = PageLibrary(order: order)
            let opened = OpenedLibrary(
                library: library, startPage: order.startIndex, mode: InitialMode.mode(photoCount: library.count))
            let box = GalleryController.pageBox(for: PixelSize(width: size.width, height: size.height))
            guard let request = WindowRun.headStart(for: opened, box: box),
                ProcessDecoding.decodeEarly(request, registered: publish)
            else { return publish() }
        }
    }

    /// The early listing's outcome if it was asked `listing` (waiting for it if it runs), taken; nil otherwise.
    static func listing(for listing: Listing) -> Result<PhotoOrder, PhotoIndexError>? {
        held.condition.lock()
        defer { held.condition.unlock() }
        guard held.listing?.asked == listing else {
            held.listing = nil
            return nil
        }
        while let waiting = held.listing, waiting.outcome == nil { held.condition.wait() }
        defer { held.listing = nil }
        return held.listing?.outcome
    }

    /// The window size `options` ask for (the default without `--size`); nil if they ask more than the window's size
    /// and renderer, or a size that does not parse (the parser then says why).
    static func windowSize(options: [String]) -> ViewportSize? {
        var size = "1280x720"
        var index = options.startIndex
        while index < options.endIndex {
            let option = options[index]
            index += 1
            if option == "--size", index < options.endIndex {
                size = options[index]
                index += 1
            } else if option.hasPrefix("--size=") {
                size = String(option.dropFirst("--size=".count))
            } else if !windowOnlyOptions.contains(option) {
                return nil
            }
        }
        return try? ViewportSize(parsing: size)
    }

    private static func publishListing(_ outcome: Result<PhotoOrder, PhotoIndexError>) {
        held.condition.lock()
        held.listing?.outcome = outcome
        held.condition.broadcast()
        held.condition.unlock()
    }

    /// The listing asked early and its outcome once known, under a lock.
    private final class Held: @unchecked Sendable {
        let condition = ConditionLock()
        var listing: (asked: Listing, outcome: Result<PhotoOrder, PhotoIndexError>?)?
    }
}
