import PagerEngine
import Support

/// What happened to the view of the photo shown, told to the screen (`ScreenInput.view`): only a pager zooms one
/// photo, so a pager screen acts on it (`PagerScreen+ViewEvents`) and the wheel, the grid and compare ignore it.
enum ViewEvent: Sendable {
    /// A double-click in the middle of the page at (x, y): 100 % there, or back to fit.
    case toggleActualSize(x: Double, y: Double)
    /// The page box changed under the photo (the status bar, b): its zoom is measured from the new fit.
    case pageBoxChanged
    /// The canvas was reset: the zoom goes back to fit at once.
    case canvasReset
    /// The frame's step: the zoom's animation or glide moves to the time told; coming to rest, it sharpens.
    case frame
    /// The strip settled on this page: the zoom of another photo is left behind (`ScreenResponse.leftZoom`).
    case settled(PageIndex)
    /// The photo arrived at, once decoded, takes the zoom a page turn carried while `keepsZoom`.
    case carriedZoomOffered
    /// The photo arrived at, once decoded, takes its zoom remembered across restarts.
    case rememberedZoomOffered
    /// The photo arrived at, once decoded, is shown once in the fit mode.
    case fitModeOffered
    /// The photo at the centre was turned or mirrored: the zoom, measured on the old turn, goes.
    case turned
    /// This photo's turn was saved into its file: shown as the file states it, its zoom on the old turn goes.
    case turnSaved(PhotoID)
    /// The library was renumbered under the strip and the photo at the centre is another one: the zoom goes.
    case renumbered
    /// `e` chose this fit mode: the photo at the centre is shown in it at once.
    case fitModeChosen(FitMode)
}
