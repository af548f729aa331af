import GalleryCore
import GalleryScene

/// Files and folders dropped onto the window, listed on a thread of their own (listing a folder is file access, never
/// done on the main thread); a later drop replaces one still being listed.
@MainActor
struct DroppedFiles {
    /// A listing of dropped paths, done or under way.
    struct Listing {
        /// The listing's thread and, once done, its outcome.
        let opening: LibraryOpening
        /// The paths dropped, for the log and to list them again.
        let paths: [String]
    }

    /// Builds the pages, and the page to start on, for the paths dropped (`WindowRun.openDropped`).
    let open: @Sendable ([String], PhotoSort) throws -> (library: PageLibrary, startPage: Int)
    /// Wakes the loop when a listing is done.
    let wake: @Sendable () -> Void
    /// The listing under way, if any.
    private var pending: Listing?

    /// Drops listed with `open`, waking the loop with `wake` when each listing is done.
    init(
        open: @escaping @Sendable ([String], PhotoSort) throws -> (library: PageLibrary, startPage: Int),
        wake: @escaping @Sendable () -> Void
    ) {
        self.open = open
        self.wake = wake
    }

    /// Begins listing `paths` in `sort`, each photo with the view `keeping` holds for it, in place of any listing
    /// under way.
    mutating func begin(_ paths: [String], sort: PhotoSort, keeping: ViewKeeping?) {
        let open = open
        let opening = LibraryOpening(
            {
                let opened = try open(paths, sort)
                var library = OpenedLibrary(
                    library: opened.library, startPage: opened.startPage,
                    mode: InitialMode.mode(photoCount: opened.library.count))
                library.rememberedViews = keeping?.views(in: opened.library) ?? [:]
                return library
            },
            done: wake)
        pending = Listing(opening: opening, paths: paths)
    }

    /// The listing just done and its outcome, taken once; nil while it runs or when none was begun.
    mutating func takeDone() -> (listing: Listing, result: Result<OpenedLibrary, any Error>)? {
        guard let listing = pending, let result = listing.opening.result else { return nil }
        pending = nil
        return (listing, result)
    }

    /// Lists `paths` again in the order asked (`r` and the order key), as `open` does.
    func relist(_ paths: [String]) -> @Sendable (PhotoSort) throws -> PageLibrary {
        { [open] in try open(paths, $0).library }
    }
}
