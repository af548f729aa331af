import PagerEngine
import Support

/// What the strip does when told what happened to its photo's view (`ViewEvent`): its zoom follows the double-click,
/// the page box, the canvas, the frame's clock, the page it settled on, the turns and the fit mode; the photo arrived
/// at takes the zoom the gallery's views offer it (`PagerScreen+Views`). Its feed takes its source's answers.
extension PagerScreen {
    /// The strip's answer to `event` at `time`; `views` is the gallery's policy across page turns, handed in so the
    /// arrival zooms take what they use; `context` is what it reads of the gallery.
    mutating func take(
        _ event: ViewEvent, at time: Double, views: inout PhotoViews, context: PagerContext
    ) -> ScreenResponse {
        switch event {
        case .toggleActualSize(let x, let y): return toggleActualSize(atX: x, y: y, at: time, context: context)
        case .pageBoxChanged: return refitZoom(context) ? .sharpen : .taken
        case .canvasReset, .turned, .renumbered:
            zoom.reset()
            return .taken
        case .frame: return zoom.advance(to: time) == .rested ? .sharpen : .taken
        case .settled(let page):
            // The gallery carries the zoom left behind, or remembers it: its views' policy, not the strip's.
            guard let left = leaveZoom(settledOn: page, context: context) else { return .taken }
            return .leftZoom(left.photo, left.zoom)
        case .carriedZoomOffered: return takeCarriedZoom(&views, context: context) ? .sharpen : .taken
        case .rememberedZoomOffered: return takeRememberedZoom(&views, context: context) ? .sharpen : .taken
        case .fitModeOffered: return takeFitMode(&views, context: context) ? .sharpen : .taken
        case .turnSaved(let photo):
            forgetZoom(of: photo)
            return .taken
        case .fitModeChosen(let mode): return show(mode, at: time, context: context)
        }
    }

    /// The feed's answer to its source at `time`: new pages at the end, or the end page showing why a load failed;
    /// `.notTaken` outside the feed, where the gallery keeps the feed's state aside.
    mutating func take(_ event: FeedEvent, at time: Double) -> ScreenResponse {
        let events: [PagerEvent]? =
            switch event {
            case .appended(let pages, _): appendFeedPages(pages, at: time)
            case .failed: failFeedLoad(at: time)
            }
        return events.map { .pagerEvents($0) } ?? .notTaken
    }
}
