import GalleryCore
import Logging
import PagerEngine
import Support

/// The photo's file on request: Delete moves it to the Trash (`TrashRunner`, off the main thread) and it leaves the
/// library, its neighbour showing; Ctrl+Z puts the last one back at its place (marked if it was) and shows it; Ctrl+C
/// puts its picture, URI and path on the clipboard (`ClipboardService`); Ctrl+O opens it with `xdg-open` (`OpenWithRunner`). Failures show on the
/// information line and change nothing.
extension GalleryController {
    /// The file of `photo`, nil for a generated page.
    private func file(of photo: PhotoID) -> String? {
        guard photo.rawValue < library.count, case .file(let path) = library.source(forPhoto: photo) else { return nil }
        return path
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Carries out a file effect the model asked for; returns what to tell the model when it cannot be done.
    func performFileEffect(_ effect: GalleryEffect) -> WorldReport? {
        switch effect {
        case .trash(let photo):
            guard library.fileSources != nil, let path = file(of: photo) else {
                return .notice("Delete: a generated page has no file")
            }
            runners.trash.moveToTrash(
                path, place: photo.rawValue, marked: model.marks.contains(photo), wake: services.wake)
        case .undoTrash:
            runners.trash.restoreLast(wake: services.wake)
        case .placeFiles(let photos, let number, let removing):
            let (key, option, folders) =
                removing ? ("x", "--move-to", services.moveFolders) : ("y", "--copy-to", services.copyFolders)
            guard library.fileSources != nil else {
                return .notice("\(key): a generated page has no file")
            }
            guard number >= 1, number <= folders.count else {
                let given = folders.isEmpty ? "none given" : "\(folders.count) given"
                return .notice("\(key): no \(option) folder \(number) (\(given))")
            }
            for photo in photos {
                guard let path = file(of: photo) else { continue }
                runners.trash.place(
                    path, place: photo.rawValue, marked: model.marks.contains(photo), into: folders[number - 1],
                    removing: removing, wake: services.wake)
            }
        case .saveTurn(let photo, let turn):
            guard let path = file(of: photo) else {
                return .notice("Ctrl+S: a generated page has no file")
            }
            runners.turnSaver.save(turn, photo: photo, path: path, wake: services.wake)
        case .copyPath(let photo):
            guard let path = file(of: photo) else {
                return .notice("Ctrl+C: a generated page has no file")
            }
            guard let clipboard = services.clipboard else {
                return .notice("Ctrl+C: no clipboard without a window")
            }
            // A name with a control character (a newline, an escape sequence) would run or redraw where it is
            // pasted, a terminal first: it is not copied.
            guard !path.unicodeScalars.contains(where: Self.isControl) else {
                return .notice("Ctrl+C: the name holds control characters: not copied")
            }
            let file = ClipboardFile(absolutePath: FileSystem.absolutePath(path))
            needsRedraw = true
            return .notice(clipboard.copy(file, wake: services.wake))
        case .openWith(let photo):
            guard let path = file(of: photo) else {
                return .notice("Ctrl+O: a generated page has no file")
            }
            // With the I panel showing the photo's GPS position (and its "Ctrl+O opens it" line), the position is
            // what is opened: its `geo:` URI, in the desktop's map application.
            if model.overlays.showsInfoPanel,
                let details = runners.photoDetails.details(forPath: path, done: services.wake),
                let uri = details?.geoURI
            {
                runners.openWith.open(uri, wake: services.wake)
                needsRedraw = true
                return .notice("opening \(uri)")
            }
            // Absolute, so `xdg-open` never takes a name such as `--help.jpg` for an option or `x:y.jpg` for a URI.
            runners.openWith.open(FileSystem.absolutePath(path), wake: services.wake)
        default:
            break
        }
        needsRedraw = true
        return nil
    }

    /// Takes what the Trash and `xdg-open` did since the last frame. A file gone to the Trash leaves the library and
    /// one restored comes back at its place, shown, once the pager rests (`GalleryModel.canChangeLibrary`); failures
    /// show at once.
    func receiveFileOutcomes(at time: Double) {
        for notice in services.clipboard?.takeNotices() ?? [] {
            report(.notice(notice), at: time)
            needsRedraw = true
        }
        for failure in runners.openWith.takeFailures() {
            Logger(label: "gallery.open-with").warning("\(failure)", source: Logger.gallerySource)
            report(.notice(failure), at: time)
            needsRedraw = true
        }
        for outcome in runners.turnSaver.takeFinished() {
            receiveSavedTurn(outcome, at: time)
        }
        guard model.canChangeLibrary else { return }
        for outcome in runners.trash.takeFinished() {
            needsRedraw = true
            switch outcome {
            case .failed(let text):
                Logger(label: "gallery.trash").warning("\(text)", source: Logger.gallerySource)
                report(.notice(text), at: time)
            case .trashed(let path, _):
                leave(path, note: "moved to the Trash: \(Self.name(of: path)) (Ctrl+Z restores)", at: time)
            case .moved(let path, _, let placed):
                leave(path, note: "moved to \(Self.placement(placed)) (Ctrl+Z undoes)", at: time)
            case .copied(_, let placed):
                report(.notice("copied to \(Self.placement(placed)) (Ctrl+Z removes it)"), at: time)
            case .copyRemoved(let copy):
                report(.notice("copy removed: \(copy)"), at: time)
            case .restored(let path, let place, let marked):
                guard var sources = library.fileSources else { continue }
                upkeep.unshowable[path] = nil
                let index = min(max(place, 0), sources.count)
                sources.insert(.file(path: path), at: index)
                replaceLibrary(
                    with: sources, note: "restored: \(Self.name(of: path))", at: time, showing: .file(path: path))
                if marked { report(.markRestored(PhotoID(index)), at: time) }
            }
        }
    }

    /// The photo at `path` left its folder (the Trash, a move): it leaves the library, its neighbour showing.
    private func leave(_ path: String, note: String, at time: Double) {
        guard let sources = library.fileSources else { return }
        let kept = sources.filter { $0 != .file(path: path) }
        if kept.isEmpty || kept.count == sources.count {
            report(.notice(note), at: time)
        } else {
            replaceLibrary(with: kept, note: note, at: time)
        }
    }

    /// A placed file as the information line says it: its folder's name and its own, `keep/a.2.jpg`.
    private static func placement(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).suffix(2)
        return parts.joined(separator: "/")
    }

    /// The last component of `path`.
    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Trash moves and `xdg-open` runs asked for whose outcome was not taken yet.
    public var pendingFileJobs: Int {
        runners.trash.pendingCount + runners.openWith.pendingCount + runners.turnSaver.pendingCount
    }

    /// Quitting: waits up to `seconds` of real time for the moves to the Trash and back asked for, so none is cut off
    /// between its `.trashinfo` and its file.
    public func finishFileJobs(upTo seconds: Double = 5) {
        runners.trash.finish(upTo: seconds)
    }

    /// Waits up to `seconds` of real time for a trash move or an `xdg-open` run to end (headless runs).
    public func waitForFileJob(upTo seconds: Double) {
        if runners.trash.pendingCount > 0 {
            runners.trash.waitForOne(upTo: seconds)
        } else if runners.turnSaver.pendingCount > 0 {
            runners.turnSaver.waitForOne(upTo: seconds)
        } else {
            runners.openWith.waitForOne(upTo: seconds)
        }
    }
}
