import GalleryCore
import PagerEngine

extension PageDecodes {
    /// The library changed (`r`, or photos that cannot be shown were dropped): what is known of each photo follows it
    /// to its new number (`renumbered`: old number to new, nil for a photo gone). Requests in flight
    /// are cancelled and their results ignored; the next plan re-examines every page it shows, so a file changed
    /// meanwhile is decoded anew while its old picture stays.
    func renumber(_ renumbered: (PhotoID) -> PhotoID?) {
        worker.cancelAll()
        renumberState(renumbered)
    }

    /// Takes the pages whose decode failed since the last call, with why.
    func takeNewFailures() -> [(photo: PhotoID, failure: DecodeFailure)] {
        defer { newFailures.removeAll() }
        return newFailures.compactMap { photo in failures[photo].map { (photo, $0) } }
    }
}
