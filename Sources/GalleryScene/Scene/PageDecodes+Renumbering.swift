import GalleryCore
import PagerEngine
import Support

extension PageDecodes {
    /// The library changed (`r`, or photos that cannot be shown were dropped): what is known of each photo follows it
    /// to its new number (`renumbered`: old number to new, nil for a photo gone). Requests in flight
    /// are cancelled and their results ignored; the next plan re-examines every page it shows, so a file changed
    /// meanwhile is decoded anew while its old picture stays.
    func renumber(_ renumbered: (PhotoID) -> PhotoID?) {
        worker.cancelAll()
        renumberState(renumbered)
    }

    /// Takes the pages whose decode failed since the last call (or whose failed file was examined again and found
    /// unchanged), with why and the file's identity.
    func takeNewFailures() -> [FailedRead] {
        defer { newFailures.removeAll() }
        return newFailures.compactMap { photo in
            failures[photo].map {
                FailedRead(photo: photo, failure: $0, stamp: stamps[photo] ?? nil, isThumbnail: false)
            }
        }
    }

    /// Examines `page`'s file again if its decode failed: unchanged, the failure is reported again
    /// (`takeNewFailures`); changed, it is decoded again. Nothing when its decode is in flight or no longer failed.
    func recheckFailure(of page: PhotoID) {
        guard failures[page] != nil, !inFlight.contains(page), let recorded = stamps[page],
            case .file = library.source(forPhoto: page)
        else { return }
        submit(photo: page, purpose: .revalidate(shown: recorded))
    }

    /// `page`'s file was rewritten by the gallery itself (Ctrl+S): examined again now, its picture replaced when the
    /// new decode lands (or, in flight, once that read lands).
    func recheck(_ page: PhotoID) {
        filesChanged([page])
        guard !inFlight.contains(page), let recorded = stamps[page], case .file = library.source(forPhoto: page)
        else { return }
        submit(photo: page, purpose: .revalidate(shown: recorded))
    }

    /// The files of `pages` changed on disk: the next plan re-examines every page it shows (`forgetShown`), and a page
    /// whose decode is in flight is examined again once it lands, as that read may have caught the file half written.
    func filesChanged(_ pages: [PhotoID]) {
        forgetShown()
        recheckOnArrival.formUnion(pages.filter { inFlight.contains($0) })
    }
}
