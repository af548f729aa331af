import Gallery
import GalleryCore
import GalleryScene
import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--remember`: the views kept in the state file, read before the start (a damaged file is said and ignored) and
/// handed to the run, which writes them back at quit.
extension GalleryCommandLine {
    /// The views to keep, nil without `--remember` (or with no place for the state file).
    func viewKeeping() throws -> ViewKeeping? {
        guard remember, synthetic == nil, !feedGiven,
            let path = ViewMemory.defaultPath(environment: ProcessInfo.processInfo.environment)
        else { return nil }
        let (memory, note) = ViewMemory.load(path: path)
        if let note { _ = Array("gallery: \(note)\n".utf8).withUnsafeBytes { FileSystem.writeAll($0, to: 2) } }
        let paths = try photoPaths()
        let folder = paths.count == 1 && (try? FileSystem.kind(atPath: paths[0])) == .directory ? paths[0] : nil
        return ViewKeeping(path: path, memory: memory, folder: folder)
    }

    /// The page to start on: the photo named, else the last photo seen in the one folder opened (`--remember`).
    static func startPage(_ order: PhotoOrder?, keeping: ViewKeeping?) -> Int {
        guard let order else { return 0 }
        guard let keeping, let folder = keeping.folder, let last = keeping.memory.lastPhoto(inFolder: folder) else {
            return order.startIndex
        }
        return (0..<order.count).first { FileSystem.absolutePath(order.photo(at: $0).path) == last } ?? order.startIndex
    }

    /// The window's library, opened on its opening thread (not the main one): listed, the start page found, and the
    /// remembered views matched to its photos (a `stat` each, which a slow disk may make long).
    func openedLibrary(keeping: ViewKeeping?) throws -> OpenedLibrary {
        let (library, order) = try makeOrderedLibrary()
        var opened = OpenedLibrary(
            library: library, startPage: Self.startPage(order, keeping: keeping),
            mode: InitialMode.mode(photoCount: library.count, requested: mode, feedGiven: feedGiven),
            feedSource: feedSourceFactory(photoCount: library.count))
        opened.rememberedViews = keeping?.views(in: library) ?? [:]
        return opened
    }
}
