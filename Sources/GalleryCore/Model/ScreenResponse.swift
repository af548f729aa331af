import PagerEngine
import Support

/// What the screen shown answers an input it was offered (`Screen.take`), for the gallery to carry out: what only
/// the gallery can do (open a photo in the pager, mark, flip the wheel, step the rows, note the strip's events).
enum ScreenResponse: Equatable, Sendable {
    /// Not the screen's own: the pager's handling (or the gallery's common one) takes it.
    case notTaken
    /// The screen took it.
    case taken
    /// The screen took it and its zoom rests anew: the zoomed region is decoded afresh.
    case sharpen
    /// The screen took it and now shows other photos: the information line names them again.
    case showsOtherPhotos
    /// Open `photo` in the pager mode the screen came from, flying from `cell` when the grid gave one.
    case open(PhotoID, cell: LayoutRect?)
    /// Toggle `photo`'s mark.
    case toggleMark(PhotoID)
    /// Turn or mirror the views of `photos` as `change` says (compare turns both of its photos).
    case orient([PhotoID], ViewOrientation.Change)
    /// Flip which way the wheel's arc bulges.
    case flipWheel
    /// Step the rows as this command does (`.next` or `.previous`).
    case step(GalleryCommand)
    /// The strip moved (or did not: no events): the gallery notes its events (the information, the zoom left behind).
    case pagerEvents([PagerEvent])
    /// The strip settled off the zoomed `photo` and reset its zoom: the gallery's views carry it over the page turn
    /// while `keepsZoom`, or remember it, and the photo arrived at is decoded afresh.
    case leftZoom(PhotoID, PhotoZoom)
    /// The screen refuses the input, saying why on the information line.
    case notice(String)
    /// A photo dragged down was let go: the grid opens on it, the photo flying into its cell from `pose`.
    case dropIntoGrid(PhotoID, DismissPose)
}
