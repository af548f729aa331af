import Dispatch
import Glibc
import Support

/// The photos to show, in order, usable before they are all sorted: the count, where to start and the photos at the
/// first and last few places (and around the start) are known at once; any other photo once a thread has sorted them
/// (asking for one sooner waits for the sort, tens of milliseconds for 100,000 photos).
public final class PhotoOrder: Sendable {
    /// The number of photos.
    public let count: Int
    /// The place of the photo to open on.
    public let startIndex: Int
    /// The paths given that do not exist, skipped (`PhotoIndex.missing`).
    public let missing: [String]
    /// The photos before the sort, as paths after `prefix`; empty when built from a ready index.
    private let relatives: [String]
    private let prefix: String
    /// Indices into `relatives` known before the sort, by place.
    private let early: [Int: Int]
    /// Indices into `relatives` in order once sorted; or, from a ready index, its photos.
    private let sorted: LockedState<Sorted?>
    private let sortFinished = DispatchSemaphore(value: 0)
    /// The photos' folders, once known: given by the listing, or found on first use from a ready index.
    private let knownFolders: LockedState<Set<String>?>

    private enum Sorted {
        case indices([Int])
        case photos([PhotoEntry])
    }

    /// Places known before the sort at each end, and on each side of the start: a pager's neighbours and its
    /// look-ahead, so opening and the first page turns never wait for the sort.
    static let earlyPlaces = 4

    /// Up to this many names sort on the calling thread. A thread of its own lets a large folder open before its sort
    /// ends, but starting one can wait for a `dlopen` under way on another thread (glibc's pthread_create takes the
    /// dynamic loader's TLS lock, which dlopen holds throughout: SDL's, ~12 ms, at the gallery's start), longer than
    /// these names take to sort (docs/PERFORMANCE.md, "SDL loaded beside the start").
    package static let sortedInPlaceLimit = 4096

    /// Photos already in order.
    public init(_ index: PhotoIndex) {
        count = index.photos.count
        startIndex = index.startIndex
        missing = index.missing
        relatives = []
        prefix = ""
        early = [:]
        sorted = LockedState(.photos(index.photos))
        knownFolders = LockedState(nil)
        sortFinished.signal()
    }

    /// The photos `prefix` + each of `relatives`, in the natural order of the relative paths, opening on `start` (an
    /// index into `relatives`) or the first; sorted on a new thread. `folders`, when the listing knows them, spares a
    /// pass over every name to find them.
    init(sortingByName relatives: [String], prefix: String, start: Int?, folders: Set<String>? = nil) {
        knownFolders = LockedState(folders)
        missing = []
        let keys = NaturalOrderKeys(relatives)
        let places = keys.places(count: Self.earlyPlaces, around: start)
        early = places
        count = relatives.count
        self.relatives = relatives
        self.prefix = prefix
        startIndex = start.flatMap { start in places.first { $0.value == start }?.key } ?? 0
        guard relatives.count > Self.sortedInPlaceLimit else {
            sorted = LockedState(.indices(keys.sortedIndices()))
            sortFinished.signal()
            return
        }
        let sorted = LockedState<Sorted?>(nil)
        self.sorted = sorted
        let finished = sortFinished
        DetachedThread.start(name: "gallery-sort") {
            // Niced, so that on two cores the first photo's decode and the window's start go first (on Linux, "process"
            // 0 is the calling thread, which has a nice value of its own).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            let order = keys.sortedIndices()
            sorted.withLock { $0 = .indices(order) }
            finished.signal()
        }
    }

    /// The photo at `place` (0 ..< count).
    public func photo(at place: Int) -> PhotoEntry {
        if let index = early[place] { return PhotoEntry(path: prefix + relatives[index]) }
        switch finishedSort() {
        case .indices(let order): return PhotoEntry(path: prefix + relatives[order[place]])
        case .photos(let photos): return photos[place]
        }
    }

    /// All the photos in order, once sorted.
    public var photos: [PhotoEntry] {
        switch finishedSort() {
        case .indices(let order): order.map { PhotoEntry(path: prefix + relatives[$0]) }
        case .photos(let photos): photos
        }
    }

    /// The folders the photos are in ("." for bare names), without waiting for the sort: what `--shots` and the
    /// thumbnail cache are checked against. Found at most once.
    public var folders: Set<String> {
        if let known = knownFolders.withLock({ $0 }) { return known }
        let found: Set<String>
        if relatives.isEmpty, case .photos(let photos)? = sorted.withLock({ $0 }) {
            found = Self.folders(of: photos.map(\.path), after: "")
        } else {
            found = Self.folders(of: relatives, after: prefix)
        }
        knownFolders.withLock { $0 = found }
        return found
    }

    /// The distinct folders of the paths `prefix` + each of `relatives`. Photos of one folder come one after another,
    /// so each is compared with the last folder, in bytes, and a folder string is made only when the folder changes:
    /// a 100,000-photo folder costs no allocation per photo.
    static func folders(of relatives: [String], after prefix: String) -> Set<String> {
        var folders: Set<String> = []
        var last: Substring?
        for relative in relatives {
            let folder: Substring
            if let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = slash == relative.utf8.startIndex ? relative[...slash] : relative[..<slash]
            } else {
                folder = ""
            }
            guard folder != last else { continue }
            last = folder
            if folder.isEmpty {
                folders.insert(prefix.isEmpty ? "." : prefix == "/" ? "/" : String(prefix.dropLast()))
            } else {
                folders.insert(prefix + folder)
            }
        }
        return folders
    }

    /// The sorted order, waiting for the sort if it is still running.
    private func finishedSort() -> Sorted {
        if let sorted = sorted.withLock({ $0 }) { return sorted }
        sortFinished.wait()
        sortFinished.signal()  // Every later caller passes too.
        return sorted.withLock { $0! }
    }
}
