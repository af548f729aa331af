/// What a Delete or a Ctrl+Z did to the file, once done off the main thread (`TrashRunner`).
public enum TrashOutcome: Equatable, Sendable {
    /// The file at `path`, photo `place` of the library when Delete was pressed, is in the Trash now.
    case trashed(path: String, place: Int)
    /// The file at `path` is back where it was; it was photo `place` when it went, and `marked` if it was marked.
    case restored(path: String, place: Int, marked: Bool)
    /// The file at `path`, photo `place`, is now `to`, in a `--move-to` folder.
    case moved(path: String, place: Int, to: String)
    /// The file at `path` is copied to `to`, in a `--copy-to` folder.
    case copied(path: String, to: String)
    /// Ctrl+Z removed the copy at `copy` (the photo never left).
    case copyRemoved(copy: String)
    /// Nothing changed, and this says why (the information line shows it).
    case failed(String)
}
