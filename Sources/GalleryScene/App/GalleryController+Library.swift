import GalleryCore
import Glibc
import Imaging
import Logging
import PagerEngine
import Support

/// The library changing while it shows, as feh and nsxiv do: photos that cannot be shown leave the count, `r` lists
/// the folders again. The photo on screen stays (or its neighbour, when it is the one gone), and so does its texture.
extension GalleryController {
    /// `r`: lists the photos again (`relist`) on a thread of its own; the library changes once the listing is done
    /// and the pager rests (`receiveLibraryChanges`). Files found unshowable stay out unless changed since the read
    /// that failed (a file fixed comes back); the listing thread examines them, never the main thread.
    func startReload() {
        if case .synthetic = library.pages { return }
        guard let relist = services.relist, upkeep.reloading == nil else { return }
        let found = upkeep.unshowableStamps.filter { upkeep.unshowable[$0.key] != nil }
        let sort = upkeep.sort
        upkeep.listingNote = nil
        upkeep.reloading = LibraryOpening(
            {
                let listed = try relist(sort).fileSources ?? []
                let fresh = listed.filter { source in
                    guard case .file(let path) = source, let failed = found[path] else { return true }
                    return FileStamp.current(atPath: path) != failed
                }
                return OpenedLibrary(library: PageLibrary(sources: fresh), startPage: 0, mode: .bounded)
            }, done: services.wake)
    }

    /// The order key: lists the photos again in the next order (name, mtime, taken, size), keeping the photo shown
    /// on screen, as `r` does (`receiveLibraryChanges`); the new order shows in the information line.
    func cycleSort() {
        guard services.relist != nil, upkeep.reloading == nil, library.fileSources != nil else { return }
        upkeep.sort = upkeep.sort.next
        startReload()
        upkeep.listingNote = "order: \(Self.orderName(upkeep.sort))"
    }

    /// How the information line names an order.
    static func orderName(_ sort: PhotoSort) -> String {
        switch sort {
        case .name: "name"
        case .mtime: "modification time"
        case .taken: "date taken"
        case .size: "file size"
        case .shuffle: "shuffled"
        }
    }

    /// Now on the wall clock, in nanoseconds since the epoch (what file modification times are compared with).
    static func wallClockNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
    }

    /// Whether a listing for `r` is under way.
    public var isReloading: Bool { upkeep.reloading != nil }

    /// Waits for the listing `r` started, if any (headless runs, which follow a virtual clock).
    public func waitForReload() {
        _ = try? upkeep.reloading?.wait()
    }

    /// How long a file must have been left alone before a failed read of it counts: a file modified less than this
    /// before may be half written (ImageMagick truncates and closes a file, then opens it again to write).
    static let settleNanoseconds = 1_000_000_000
    /// Seconds between reads of a settled file again while none came back.
    static let settleRecheck = 0.5

    /// How long to wait before reading again a file whose read failed, given its identity before that read and the
    /// wall clock now: nil when it was last modified long enough ago (or could not be examined) for the failure to
    /// count.
    static func settleWait(for stamp: FileStamp?, now: Int) -> Double? {
        guard let modified = stamp?.modifiedNanoseconds, abs(now - modified) < settleNanoseconds else { return nil }
        return Double(modified + settleNanoseconds - now) / 1e9
    }

    /// Takes what changed the library since the last frame: a finished listing, decodes that failed for good. Both wait
    /// while the pager moves or the feed shows (`GalleryModel.canChangeLibrary`). A file whose read failed while it was
    /// being written is read again once it settles (`settling`), never dropped on that one read.
    func receiveLibraryChanges(at time: Double) {
        let reads = store.decodes.takeNewFailures() + thumbnails.takeNewFailures()
        let wallClock = reads.isEmpty ? 0 : Self.wallClockNanoseconds()
        for read in reads where Self.isUnshowable(read.failure.reason) {
            guard case .file(let path) = read.failure.source, upkeep.unshowable[path] == nil else { continue }
            if let previous = upkeep.settling[path], previous.stamp == read.stamp {
                // Another read of the file as it was before it settled (its thumbnail's, its page's) waits with the
                // first; once it settled, found as it was, the failure counts.
                if time < previous.due {
                    upkeep.settling[path]?.note(read)
                    continue
                }
            } else if let wait = Self.settleWait(for: read.stamp, now: wallClock) {
                var file = SettlingFile(photo: read.photo, stamp: read.stamp, due: time + wait, nextCheck: time + wait)
                file.note(read)
                upkeep.settling[path] = file
                continue
            }
            upkeep.settling[path] = nil
            upkeep.unshowable[path] = read.failure.reason
            upkeep.unshowableStamps[path] = .some(read.stamp)
            upkeep.dropsPending = true
            Logger(label: "gallery.decode").warning(
                "\(path): cannot be shown: \(read.failure.reason.message)", source: Logger.gallerySource)
        }
        readSettledFilesAgain(at: time)
        // Nothing to do on most frames: the library's sources are looked at only when something changed.
        let listed = upkeep.reloading?.result
        guard listed != nil || upkeep.dropsPending, model.canChangeLibrary else { return }
        upkeep.dropsPending = false
        guard let sources = library.fileSources else {
            upkeep.reloading = nil
            return
        }
        if let listed {
            upkeep.reloading = nil
            switch listed {
            case .success(let opened):
                // What the listing kept of the unshowable files changed since: they are photos to try again.
                let kept = opened.library.fileSources ?? []
                for case .file(let path) in kept {
                    upkeep.unshowable[path] = nil
                    upkeep.unshowableStamps[path] = nil
                }
                guard !kept.isEmpty else {
                    report(.notice("reload found no photo: the ones shown stay"), at: time)
                    needsRedraw = true
                    return
                }
                let old = Set(sources)
                let added = kept.filter { !old.contains($0) }.count
                let gone = Set(kept).symmetricDifference(old).count - added
                replaceLibrary(
                    with: kept, note: upkeep.listingNote ?? Self.reloadNote(added: added, gone: gone), at: time)
            case .failure(let error):
                Logger(label: "gallery.reload").error("reload: \(error)", source: Logger.gallerySource)
                report(.notice("reload failed: \(error)"), at: time)
                needsRedraw = true
            }
            return
        }
        let kept = sources.filter { !isUnshowable($0) }
        // The last photo is never dropped: its error page says why it cannot be shown.
        guard !kept.isEmpty, kept.count < sources.count else { return }
        let dropped = sources.compactMap { source -> DecodeFailure? in
            guard case .file(let path) = source, let reason = upkeep.unshowable[path] else { return nil }
            return DecodeFailure(source: source, reason: reason)
        }
        replaceLibrary(with: kept, note: Self.dropNote(dropped), at: time)
    }

    /// What the information line says of files dropped: each named with why, the first two of many ("la.tga
    /// dropped: not an image in a supported format"; standard error has every one).
    static func dropNote(_ dropped: [DecodeFailure]) -> String {
        guard dropped.count > 1 else {
            return dropped.first.map { "\($0.source.displayName) dropped: \($0.reason.message)" } ?? "no file dropped"
        }
        let named = dropped.prefix(2).map(\.description).joined(separator: "; ")
        let more = dropped.count > 2 ? "; \(dropped.count - 2) more" : ""
        return "\(dropped.count) files dropped: \(named)\(more)"
    }

    /// Whether a decode failing for `reason` means the file cannot be shown at all (gone, not an image, empty,
    /// unreadable, broken), rather than not at this moment or not at this size.
    static func isUnshowable(_ reason: DecodeFailure.Reason) -> Bool {
        switch reason {
        case .missingFile, .notAFile, .unreadable, .emptyFile, .unrecognisedFormat, .corrupt: true
        case .tooLarge, .processingFailed, .invalidSyntheticPage, .decoderStopped: false
        }
    }

    /// Reads again the files whose failed read was due to be checked by `time`: a page's file is examined (unchanged,
    /// its failure is reported again, now counting; changed, it is decoded again), a thumbnail is asked for anew. Files
    /// whose reads no longer fail (changed since, and shown) are forgotten.
    private func readSettledFilesAgain(at time: Double) {
        for (path, file) in upkeep.settling where file.nextCheck <= time {
            guard library.count > file.photo.rawValue, library.source(forPhoto: file.photo) == .file(path: path),
                store.decodes.failures[file.photo] != nil || thumbnails.hasFailed(file.photo)
            else {
                upkeep.settling[path] = nil
                continue
            }
            // Asked again later if no answer comes (a library change cancels the requests in flight).
            upkeep.settling[path]?.nextCheck = time + Self.settleRecheck
            if file.pageFailed { store.decodes.recheckFailure(of: file.photo) }
            if file.thumbnailFailed { thumbnails.forget([file.photo]) }
        }
    }

    private func isUnshowable(_ source: PageSource) -> Bool {
        guard case .file(let path) = source else { return false }
        return upkeep.unshowable[path] != nil
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
        upkeep.settling = upkeep.settling.compactMapValues { file in
            renumbering[file.photo].map {
                var moved = file; moved.photo = $0; return moved
            }
        }
        let textures = store.handOverTextures()
        var adopted: [PhotoID: any CanvasTexture] = [:]
        for (photo, texture) in textures { if let new = renumbering[photo] { adopted[new] = texture } }
        library = PageLibrary(sources: sources)
        store.decodes.renumber { renumbering[$0] }
        report(.renumbered(count: sources.count, moves: renumbering, showing: showing, note: note), at: time)
        store = makePageStore(
            recyclingSlots: store.recyclesSlots, decodes: store.decodes, renderer: renderer, cacheBytes: budget.bytes,
            adopting: adopted, slotPages: slotPhotos)
        thumbnails.removeAll()
        drawing.zoomDetail.clear()
        drawing.grid.flight = nil
        drawing.residency = ResidencyTracker()
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
        guard let watch = services.shownFolderWatch, library.count > 0 else { return }
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
        store.decodes.filesChanged(changed)
        thumbnails.forget(changed)
        drawing.residency = ResidencyTracker()
        needsRedraw = true
        updateResidency()
    }
}
