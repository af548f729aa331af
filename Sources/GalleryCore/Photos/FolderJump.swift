/// Where the next- and previous-folder keys go: the photos' folders as the gallery's order places them, read from their
/// paths (a photo's folder is its path up to the last "/", as the path names it; "." for a bare file name).
///
/// A folder is where its photos stand in the order: the next folder starts at the first photo after the current one
/// that is in another folder, the previous one at the start of the run of photos just before the current folder's run.
/// Under a sort that interleaves folders (by date, shuffled) a folder may stand in several runs, and each run is met
/// in turn, so a jump never goes against the direction asked. Where the order wraps (the loops, the wheel) so do the
/// jumps, runs reaching across the seam; elsewhere the first and last folders are the ends. Names are byte strings, as
/// on disk: two spellings that Unicode calls equal are two folders.
public struct FolderJump {
    /// The number of photos.
    public let count: Int
    /// The path of the photo at an index (0..<count); nil for a page with no file (generated pages).
    private let path: (Int) -> String?

    /// The photos `0..<count`, each with the path `path` gives.
    public init(count: Int, path: @escaping (Int) -> String?) {
        self.count = max(count, 0)
        self.path = path
    }

    /// The photos at these paths, in this order (tests, small galleries).
    public init(paths: [String]) {
        self.init(count: paths.count) { paths[$0] }
    }

    /// Where the next (`forward`) or previous folder's key goes from the photo at `current`, in an order that wraps
    /// around or not.
    public func outcome(from current: Int, forward: Bool, wraps: Bool) -> FolderJumpOutcome {
        guard count > 0 else { return .noFolders }
        let start = min(max(current, 0), count - 1)
        guard let here = folder(at: start) else { return .noFolders }
        let step = forward ? 1 : -1
        guard let other = firstIndex(from: start, step: step, wraps: wraps, where: { !Self.same(folder(at: $0), here) })
        else {
            let elsewhere = firstIndex(from: start, step: -step, wraps: false) { !Self.same(folder(at: $0), here) }
            let naming = census(of: here).naming
            if elsewhere == nil || wraps {
                return .oneFolder(folder: naming.name(of: here), photos: count)
            }
            return .noFurther(folder: naming.name(of: here), forward: forward)
        }
        let reached = folder(at: other)
        // Back: the run before this one begins where its folder does, further back.
        let target =
            forward
            ? other
            : (firstIndex(from: other, step: -1, wraps: wraps) { !Self.same(folder(at: $0), reached) })
                .map { wraps ? ($0 + 1) % count : $0 + 1 } ?? 0
        // Its run goes on to the next photo in another folder, or to the end.
        let run =
            firstIndex(from: target, step: 1, wraps: wraps) { !Self.same(folder(at: $0), reached) }
            .map { ($0 - target + count) % count } ?? count - target
        let (inFolder, naming) = census(of: reached)
        return .reached(
            photo: target, folder: reached.map { naming.name(of: $0) } ?? "", photos: inFolder,
            inARow: min(run, inFolder))
    }

    /// One pass over every photo: how many are in `folder`, and how the folders are named. A photo in the folder of
    /// the one before it (most photos) costs one comparison.
    private func census(of folder: Substring?) -> (photos: Int, naming: FolderNaming) {
        var photos = 0
        var naming = FolderNaming()
        var last: (folder: Substring?, isCounted: Bool)?
        for index in 0..<count {
            let each = self.folder(at: index)
            if let last, Self.same(last.folder, each) {
                if last.isCounted { photos += 1 }
                continue
            }
            let isCounted = Self.same(each, folder)
            if isCounted { photos += 1 }
            if let each { naming.include(each) }
            last = (each, isCounted)
        }
        return (photos, naming)
    }

    /// The folder of the photo at `index`: its path up to the last "/" ("/" for a file at the root, "." for a bare
    /// name); nil for a page with no file.
    func folder(at index: Int) -> Substring? {
        path(index).map(Self.folder(ofPath:))
    }

    /// A path's folder, as the path names it.
    static func folder(ofPath path: String) -> Substring {
        // Found in the bytes in place (a native string's are contiguous): one scan per photo, from the end.
        let found =
            path.utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: "/")) }
            ?? path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.startIndex, to: $0) }
        guard let offset = found else { return "." }
        let slash = path.utf8.index(path.startIndex, offsetBy: offset)
        return offset == 0 ? path[...slash] : path[..<slash]
    }

    /// Whether two folders are the same, byte for byte.
    static func same(_ a: Substring?, _ b: Substring?) -> Bool {
        guard var a, var b else { return a == nil && b == nil }
        guard a.utf8.count == b.utf8.count else { return false }
        // Compared as bytes in place: every photo is compared with the one before it.
        return a.withUTF8 { bytesA in b.withUTF8 { bytesB in bytesA.elementsEqual(bytesB) } }
    }

    /// The first index after `start` stepping by `step` (wrapping around the ends when `wraps`, at most once round)
    /// where `matches` holds; nil when none does before the end (or before coming back to `start`).
    private func firstIndex(from start: Int, step: Int, wraps: Bool, where matches: (Int) -> Bool) -> Int? {
        var index = start
        for _ in 1..<max(count, 1) {
            index += step
            if wraps { index = (index + count) % count } else if index < 0 || index >= count { return nil }
            if matches(index) { return index }
        }
        return nil
    }
}
