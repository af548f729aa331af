import PagerEngine
import Support

/// Switching the screen between the pager modes, the wheel and the grid, and laying it out in a new window size.
extension GalleryModel {

    /// Switches the arrangement at any moment (mid-drag, mid-fling, while the feed loads), opening on `requested`: by
    /// default where queued key presses were heading, else the photo at the centre now. Returns what the adapter does
    /// (nothing when nothing changed: the same mode, no photo asked for).
    mutating func switchMode(to kind: GalleryMode, at time: Double, showing requested: PhotoID?)
        -> [GalleryEffect]
    {
        switchMode(to: kind, at: time, showing: requested, droppedAt: nil)
    }

    /// `switchMode(to:at:showing:)`, the page shown flying into its grid cell from `pose` when a drag down let go of
    /// it there.
    mutating func switchMode(
        to kind: GalleryMode, at time: Double, showing requested: PhotoID?, droppedAt pose: DismissPose?
    )
        -> [GalleryEffect]
    {
        // The compare screen's mode is the pager's it goes back to: that pager's key leaves it too.
        guard kind != mode || requested != nil || compare != nil else { return [] }
        // With no photos yet (an empty watched folder) only the feed has pages to show: its spinner.
        guard kind == .feed || photoCount > 0 else { return [] }
        let left = mode
        let photo = requested ?? targetPhoto
        // The page shown flies back into its cell when a pager gives way to the grid on it.
        let leaving = pager.flatMap { pager -> Int? in
            pager.visibleSlots().first { visible in
                if case .page(let page) = visible.content { return self.photo(ofPage: page) == currentPhoto }
                return false
            }?.slot
        }
        let flight = (photo: currentPhoto, slot: leaving, pose: pose)
        if left == .feed, let pager {
            feed.lastPage = pager.currentPage
            feed.stateAside = feedState
        }
        let back = pagerMode
        let start =
            kind == .feed
            ? (feed.pages.page(showing: photo, near: feed.lastPage) ?? feed.lastPage).rawValue : photo.rawValue
        screen = Screen(
            kind, start: start, photoCount: photoCount, feedPages: feed.pages.count, feedState: feed.stateAside,
            returnTo: back, viewport: viewport, configuration: settings.configuration, time: time, grid: makeGrid(on:))
        if !screen.playsSlideshow { slideshow.stop() }
        // A new screen: a pager's photo shows at fit.
        gestures.tap.cancel()
        views.carriedZoom = nil
        showInfo(at: time)
        var effects: [GalleryEffect] = []
        // The grid opened on the photo shown (its selection is the current photo): it flies into its cell.
        if kind == .grid, left != .wheel, currentPhoto == flight.photo {
            effects.append(.zoomIntoGrid(photo: flight.photo, slot: flight.slot, from: flight.pose))
        }
        return effects + [.screenChanged(left: left), .sharpen]
    }

    /// The window became `viewport` (a resize, a new scale): the screen lays out again; a touchpad stream under way
    /// lifts its virtual finger first, since the scroll that follows could never release it, leaving the pager
    /// dragging for good; a drag down measured against the old size ends; the zoom goes back to fit.
    mutating func resize(to viewport: Viewport, at time: Double) -> [GalleryEffect] {
        var effects = gestures.touchpad.add(dx: 0, dy: 0, at: time).flatMap { pointer($0, at: time) }
        effects += gestures.fingers.input(for: .lift).flatMap { pointer($0, at: time) }
        gestures.touchpad = TouchpadScroll(originX: viewport.width / 2, originY: viewport.height / 2)
        gestures.fingers = TouchpadFingers(originX: viewport.width / 2, originY: viewport.height / 2)
        self.viewport = viewport
        effects += noteEvents(screen.resize(to: viewport, at: time), at: time)
        return effects
    }
}
