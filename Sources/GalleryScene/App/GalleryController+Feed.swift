import GalleryCore
import PagerEngine
import Support

extension GalleryController {
    /// Where the feed's request for more pages stands.
    public var feedState: FeedLoadState { model.feedState }

    /// Records pager events for the trace, starts a feed request when the pager asks for one, and a stand-in for a
    /// far jump (the model did its own part: the page information, the zoom left behind).
    func record(_ pagerEvents: [PagerEvent], at time: Double) {
        events += pagerEvents.map(GalleryEvent.pager)
        for event in pagerEvents {
            switch event {
            case .needsMorePages: feedSource.request(at: time)
            case .pageChanged: needsRedraw = true
            case .jumped(toward: let page): wantStandIn(forPage: page)
            default: break
            }
        }
    }

    /// Takes the feed's answer, if one is ready: new pages go at the end (the page shown never moves).
    func receiveFeed(at time: Double) {
        guard let response = feedSource.poll(at: time) else { return }
        events.append(.feed(response))
        needsRedraw = true
        switch response {
        case .appended(let items) where !items.isEmpty:
            let photos = items.map { item in
                switch item {
                case .photo(let index): index
                // In place: the one library, which the stores read, grows without a copy.
                case .file(let path): currentLibrary.pages.append(.file(path: path))
                }
            }
            let folders = items.compactMap { item in
                if case .file(let path) = item { OutputFolder.split(path).folder } else { nil }
            }
            if !folders.isEmpty { services.protectFolders(Set(folders)) }
            report(.feedAppended(photos, photoCount: library.count), at: time)
        case .appended, .failed:
            let reason = if case .failed(let reason) = response { reason } else { "no new pages" }
            report(.feedFailed(reason: reason), at: time)
        }
    }

    /// Whether the feed's spinner is on screen (it turns, so frames must follow).
    var spinnerIsVisible: Bool { model.spinnerIsVisible }

    /// Whether the feed waits on the real world (a folder, a command), which a headless run must wait for too.
    public var waitsOnRealTimeFeed: Bool { feedState == .loading && feedSource.answersInRealTime }

    /// Waits up to `seconds` of real time for the feed's answer (headless runs).
    public func waitForFeed(upTo seconds: Double) {
        feedSource.waitForAnswer(upTo: seconds)
    }
}
