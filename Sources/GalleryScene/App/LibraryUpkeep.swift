import GalleryCore
import Imaging
import Support

/// Keeping the library true to the disk: the order it is listed in, a listing under way, and the files found
/// unshowable or still being written.
@MainActor
struct LibraryUpkeep {
    /// The order the photos are listed in: `--sort`, then as the order key moves it on.
    var sort: PhotoSort
    /// What the listing under way says once done: the new order's note for the order key, nil for `r`.
    var listingNote: String?
    /// The listing `r` started, while it runs.
    var reloading: LibraryOpening?
    /// Files found unshowable (gone, not an image, empty, broken), with why and their identity when read: they leave
    /// the library once the pager rests, and a reload leaves them out unless they changed since.
    var unshowable: [String: DecodeFailure.Reason] = [:]
    /// The identity of each of `unshowable`'s files when its read failed (nil inside: it could not be examined).
    var unshowableStamps: [String: FileStamp?] = [:]
    /// Files whose read failed while they were being written (modified under `settleNanoseconds` before), by path:
    /// read again once they settle rather than dropped on one read of a half-written file.
    var settling: [String: SettlingFile] = [:]
    /// Whether files were found unshowable since the library last dropped them.
    var dropsPending = false
}
