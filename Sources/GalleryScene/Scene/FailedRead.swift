import GalleryCore
import Imaging
import Support

/// A page's or thumbnail's decode that failed, with the identity of the file as the worker found it before reading:
/// whether the file was being written then (its modification time) and whether it changed since tell the controller
/// to read it again or drop it.
struct FailedRead {
    /// The photo whose read failed.
    var photo: PhotoID
    /// Why, and of which file.
    var failure: DecodeFailure
    /// The file's identity before the read (nil: it could not be examined, e.g. gone).
    var stamp: FileStamp?
    /// Whether the thumbnail's read failed (else the page's).
    var isThumbnail: Bool
}
