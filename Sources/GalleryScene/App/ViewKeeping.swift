import GalleryCore
import Imaging
import Support

/// `--remember`: the state file read before the start, and what to write at quit. The views are matched to the
/// library's photos by absolute path and file identity (device, inode, size, modification time), so a photo replaced
/// under its name opens plain.
public struct ViewKeeping: Sendable {
    /// The state file.
    public var path: String
    /// What it held at the start.
    public var memory: ViewMemory
    /// The folder opened, when one folder was (its last photo is remembered), as an absolute path.
    public var folder: String?

    /// Keeps views in the file at `path`, which held `memory`; `folder` the one folder opened, if so.
    public init(path: String, memory: ViewMemory, folder: String?) {
        self.path = path
        self.memory = memory
        self.folder = folder.map(FileSystem.absolutePath)
    }

    /// The identity of the file at `path` now.
    static func identity(atPath path: String) -> ViewMemory.Identity? {
        FileStamp.current(atPath: path).map {
            ViewMemory.Identity(
                device: $0.device, inode: $0.inode, byteCount: $0.byteCount, modifiedNanoseconds: $0.modifiedNanoseconds
            )
        }
    }

    /// The absolute path of each of the library's photo files.
    static func photos(of library: PageLibrary) -> [String: PhotoID] {
        var photos: [String: PhotoID] = [:]
        for index in 0..<library.count {
            guard case .file(let path) = library.source(forPhoto: PhotoID(index)) else { continue }
            photos[FileSystem.absolutePath(path)] = PhotoID(index)
        }
        return photos
    }

    /// The views kept for the library's photos whose files are still the ones seen.
    public func views(in library: PageLibrary) -> [PhotoID: RememberedView] {
        guard !memory.entries.isEmpty else { return [:] }
        let photos = Self.photos(of: library)
        var views: [PhotoID: RememberedView] = [:]
        for entry in memory.entries {
            guard let photo = photos[entry.path], let identity = Self.identity(atPath: entry.path),
                identity == entry.identity
            else { continue }
            views[photo] = entry.view
        }
        return views
    }

    /// Writes the memory with `views` (the model's, at quit or when the library is replaced) over it and `current` as
    /// the folder's last photo, keeping what was written; the note for standard error when it could not be written.
    public mutating func save(views: [PhotoID: RememberedView], current: PhotoID, library: PageLibrary) -> String? {
        var updated = memory
        func path(of photo: PhotoID) -> String? {
            guard photo.rawValue >= 0, photo.rawValue < library.count,
                case .file(let path) = library.source(forPhoto: photo)
            else { return nil }
            return FileSystem.absolutePath(path)
        }
        // The photo on screen last, so it ends the most recent.
        for (photo, view) in views.sorted(by: {
            ($0.key == current ? 1 : 0, $0.key) < ($1.key == current ? 1 : 0, $1.key)
        }) {
            guard let path = path(of: photo), let identity = Self.identity(atPath: path) else { continue }
            updated.record(ViewMemory.Entry(path: path, identity: identity, view: view))
        }
        // Only a photo of that folder (not one dropped on the window from elsewhere).
        if let folder, let photo = path(of: current), OutputFolder.split(photo).folder == folder {
            updated.recordLastPhoto(photo, inFolder: folder)
        }
        guard updated != memory else { return nil }
        do { try updated.save(path: self.path) } catch {
            return "\(error.path): \(error.reason); the views were not kept"
        }
        memory = updated
        return nil
    }
}
