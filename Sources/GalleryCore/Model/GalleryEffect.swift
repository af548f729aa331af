import PagerEngine

/// What the gallery model asks its adapter (the SDL side) to carry out, in order: the parts of a step that need the
/// decoded pictures, the feed's source or the renderer.
public enum GalleryEffect: Equatable, Sendable {
    /// Carry out this command next (through the model again, then the residency): a key's command, or the jump a typed
    /// number asks for after its mode switch.
    case command(GalleryCommand)
    /// Apply this input next, at the same time (a touchpad's scroll turned into a virtual drag).
    case input(GalleryInput)
    /// The pager reported these: record them for the trace and act on them (page changes, feed requests, settling).
    case pagerEvents([PagerEvent])
    /// Switch the arrangement, opening on this photo (by default the one the pager is heading for).
    case switchMode(TopologyKind, showing: PhotoID?)
    /// A zoom key (in, out, 100 %, fit): the zoom needs the decoded photo's size.
    case zoom(GalleryCommand)
    /// A tap at (x, y): the adapter hit-tests it against what it drew (dots, the retry page, wheel rows), else
    /// `clickThirds`.
    case click(x: Double, y: Double)
    /// A double-click in the middle third: 100 % at (x, y), or back to fit.
    case toggleActualSize(x: Double, y: Double)
    /// Retry the feed's failed request.
    case retryFeed
    /// List the photos' folders again (`r`), off the main thread; the library changes when the listing is done.
    case reload
    /// List the photos again in the next order (`PhotoSort.next`), keeping the photo shown.
    case cycleSort
    /// The grid opens `photo` in the pager (a `switchMode` follows): the painter zooms it from `cell`, its grid cell.
    case zoomFromGrid(photo: PhotoID, cell: LayoutRect)
    /// A photo dragged down goes back to the grid (a `switchMode` to the grid follows): the painter flies it into its
    /// cell from where `pose` left it.
    case zoomIntoGrid(from: DismissPose)
    /// Run action `number` (`--actionN`) on `photo` (the current one) and the marked photos.
    case runAction(number: Int, photo: PhotoID, marked: [PhotoID])
    /// Move `photo`'s file to the Trash, off the main thread; the library changes when it is there.
    case trash(PhotoID)
    /// Restore the photo last moved to the Trash this session, off the main thread, and show it.
    case undoTrash
    /// Put `photo`'s path on the clipboard.
    case copyPath(PhotoID)
    /// Open `photo` with `xdg-open`, off the main thread.
    case openWith(PhotoID)
}
