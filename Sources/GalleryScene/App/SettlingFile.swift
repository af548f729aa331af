import GalleryCore
import Imaging
import Support

/// A file whose read failed while it was being written (`GalleryController.settling`): read again from `due` on,
/// until a read of it found as it was then counts.
struct SettlingFile {
    /// The photo whose file it is.
    var photo: PhotoID
    /// The file's identity before the read that failed.
    var stamp: FileStamp?
    /// When it will have been left alone long enough for a failed read of it to count, on the controller's clock.
    var due: Double
    /// When to read it again next (`due`, then again after `GalleryController.settleRecheck` while no read came back).
    var nextCheck: Double
    /// Whether its page's read failed.
    var pageFailed = false
    /// Whether its thumbnail's read failed.
    var thumbnailFailed = false

    /// Notes which of the photo's reads failed: `read`'s.
    mutating func note(_ read: FailedRead) {
        if read.isThumbnail { thumbnailFailed = true } else { pageFailed = true }
    }
}
