import GalleryCore
import Logging
import PagerEngine

#if canImport(Glibc)
import Glibc
#endif

/// The library changing while it shows, as feh and nsxiv do: photos that cannot be shown leave the count, `r` lists
/// the folders again. The photo on screen stays (or its neighbour, when it is the one gone), and so does its texture.
extension GalleryController {
    /// `r`: lists the photos again (`relist`) on a thread of its own; the library changes once the listing is done
    /// and the pager rests (`receiveLibraryChanges`). Files found unshowable stay out unless changed since (a file
    /// fixed comes back); the listing thread reads their times, never the main thread.
    func startReload() {
        if case .synthetic = library.pages { return }
        guard let relist, reloading == nil else { return }
        let found = unshowable
        let sort = sort
        listingNote = nil
        reloading = LibraryOpening(
            {
                let listed = try relist(sort).fileSources ?? []
                let fresh = listed.filter { source in
                    guard case .file(let path) = source, let at = found[path] else { return true }
                    return (FileSystem.modificationTime(atPath: path) ?? 0) >= at
                }
                return OpenedLibrary(library: PageLibrary(sources: fresh), startPage: 0, mode: .bounded)
            }, done: wake)
    }

    /// The order key: lists the photos again in the next order (name, mtime, taken, size), keeping the photo shown
    /// on screen, as `r` does (`receiveLibraryChanges`); the new order shows in the information line.
    func cycleSort() {
        guard relist != nil, reloading == nil, library.fileSources != nil else { return }
        sort = sort.next
        startReload()
        listingNote = "order: \(Self.orderName(sort))"
    }

    /// How the information line names an order.
    static func orderName(_ sort: PhotoSort) -> String {
        switch sort {
        case .name: "name"
        case .mtime: "modification time"
        case .taken: "date taken"
        case .size: "file size"
        }
    }

    /// Now on the wall clock, in nanoseconds since the epoch (what file modification times are compared with).
    static func wallClockNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
    }

    /// Whether a listing for `r` is under way.
    public var isReloading: Bool { reloading != nil }

    /// Waits for the listing `r` started, if any (headless runs, which follow a virtual clock).
    public func waitForReload() {
        _ = try? reloading?.wait()
    }

    /// Takes what changed the library since the last frame: a finished listing, decodes that failed for good. Both wait
    /// while the pager moves or the feed shows (`GalleryModel.canChangeLibrary`).
    func receiveLibraryChanges(at time: Double) {
        let failures = store.decodes.takeNewFailures().map(\.failure) + thumbnails.takeNewFailures()
        for failure in failures where Self.isUnshowable(failure.reason) {
            if case .file(let path) = failure.source, unshowable[path] == nil {
                unshowable[path] = Self.wallClockNanoseconds()
                dropsPending = true
            }
        }
        // Nothing to do on most frames: the library's sources are looked at only when something changed.
        let listed = reloading?.result
        guard listed != nil || dropsPending, model.canChangeLibrary else { return }
        dropsPending = false
        guard let sources = library.fileSources else {
            reloading = nil
            return
        }
        if let listed {
            reloading = nil
            switch listed {
            case .success(let opened):
                // What the listing kept of the unshowable files changed since: they are photos to try again.
                let kept = opened.library.fileSources ?? []
                for case .file(let path) in kept { unshowable[path] = nil }
                guard !kept.isEmpty else {
                    model.showNotice("reload found no photo: the ones shown stay", at: time)
                    needsRedraw = true
                    return
                }
                let old = Set(sources)
                let added = kept.filter { !old.contains($0) }.count
                let gone = Set(kept).symmetricDifference(old).count - added
                replaceLibrary(
                    with: kept, note: listingNote ?? Self.reloadNote(added: added, gone: gone), at: time)
            case .failure(let error):
                Logger(label: "gallery.reload").error("reload: \(error)", source: Logger.gallerySource)
                model.showNotice("reload failed: \(error)", at: time)
                needsRedraw = true
            }
            return
        }
        let kept = sources.filter { !isUnshowable($0) }
        // The last photo is never dropped: its error page says why it cannot be shown.
        guard !kept.isEmpty, kept.count < sources.count else { return }
        let dropped = sources.count - kept.count
        replaceLibrary(
            with: kept, note: "\(dropped) \(dropped == 1 ? "file" : "files") dropped: cannot be shown", at: time)
    }

    /// Whether a decode failing for `reason` means the file cannot be shown at all (gone, not an image, empty,
    /// unreadable, broken), rather than not at this moment or not at this size.
    static func isUnshowable(_ reason: DecodeFailure.Reason) -> Bool {
        switch reason {
        case .missingFile, .notAFile, .unreadable, .emptyFile, .unrecognisedFormat, .corrupt: true
        case .tooLarge, .processingFailed, .invalidSyntheticPage, .decoderStopped: false
        }
    }

    private func isUnshowable(_ source: PageSource) -> Bool {
        guard case .file(let path) = source else { return false }
        return unshowable[path] != nil
    }

    /// What a reload says once: "reloaded: 2 new, 1 gone", or "reloaded: no change".
    static func reloadNote(added: Int, gone: Int) -> String {
        let parts = [added > 0 ? "\(added) new" : nil, gone > 0 ? "\(gone) gone" : nil].compactMap { $0 }
        return "reloaded: " + (parts.isEmpty ? "no change" : parts.joined(separator: ", "))
    }

    /// Makes `sources` the library: each photo kept moves to its new number with its texture, decode state and mark;
    /// the current photo stays on screen, or its next neighbour kept (else the previous) when it is gone; or the first
    /// photo of `showing`, when given (a photo restored from the Trash).
    func replaceLibrary(with sources: [PageSource], note: String?, at time: Double, showing shown: PageSource? = nil) {
        guard !sources.isEmpty else { return }
        var places: [PageSource: [Int]] = [:]
        for (index, source) in sources.enumerated() { places[source, default: []].append(index) }
        // Old number → new, a photo listed twice taking its places in turn.
        var renumbering: [PhotoID: PhotoID] = [:]
        var taken: [PageSource: Int] = [:]
        for old in 0..<library.count {
            let source = library.source(forPhoto: PhotoID(old))
            let turn = taken[source, default: 0]
            guard let list = places[source], turn < list.count else { continue }
            renumbering[PhotoID(old)] = PhotoID(list[turn])
            taken[source] = turn + 1
        }
        let current = model.currentPhoto.rawValue
        let restored: PhotoID? = shown.flatMap { sources.firstIndex(of: $0) }.map { PhotoID($0) }
        let showing =
            restored ?? renumbering[PhotoID(current)]
            ?? (current + 1..<max(library.count, current + 1)).lazy.compactMap { renumbering[PhotoID($0)] }.first
            ?? (0..<current).reversed().lazy.compactMap { renumbering[PhotoID($0)] }.first ?? 0
        let textures = store.handOverTextures()
        var adopted: [PhotoID: any CanvasTexture] = [:]
        for (photo, texture) in textures { if let new = renumbering[photo] { adopted[new] = texture } }
        library = PageLibrary(sources: sources)
        store.decodes.renumber { renumbering[$0] }
        model.renumberPhotos(
            count: sources.count, renumbered: { renumbering[$0] }, showing: showing, note: note, at: time)
        store = makePageStore(
            recyclingSlots: store.recyclesSlots, decodes: store.decodes, renderer: renderer, cacheBytes: cacheBytes,
            adopting: adopted, slotPages: slotPhotos)
        thumbnails.removeAll()
        zoomDetail.clear()
        gridZoom = nil
        residency = ResidencyTracker()
        needsRedraw = true
        updateResidency()
    }
}

extension GalleryController {
    /// Follows the photo on screen with the folder watch (`shownFolderWatch`) and takes its changes: when the file of
    /// a photo shown (the current one, its neighbours) was written, replaced or removed, those pages are examined
    /// again off the main thread; a changed file is decoded anew (its old picture stays until then), a removed one
    /// fails and leaves the library.
    func receiveFolderChanges() {
        guard let watch = shownFolderWatch, library.count > 0 else { return }
        let current = model.currentPhoto.rawValue
        let shown = (current - 1...current + 1).filter { $0 >= 0 && $0 < library.count }.map { PhotoID($0) }
        var paths: [String: PhotoID] = [:]
        for photo in shown { if case .file(let path) = library.source(forPhoto: photo) { paths[path] = photo } }
        if case .file(let path) = library.source(forPhoto: PhotoID(current)) {
            let slash = path.lastIndex(of: "/")
            watch.watch(folder: slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".")
        }
        let changed = watch.takeChanges().compactMap { paths[$0] }
        guard !changed.isEmpty else { return }
        store.decodes.forgetShown()
        thumbnails.forget(changed)
        residency = ResidencyTracker()
        needsRedraw = true
        updateResidency()
    }
}
