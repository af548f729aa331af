import GalleryCore
import Imaging
import PagerEngine
import Support

/// What draws the model on the canvas: the pager's painter, the wheel's, the grid's and the compare screen's
/// presenters, the overlays' painter, the photos fading in, the zoomed photos' sharp detail, the pictures the last frame kept resident, where it drew what a click can
/// hit, and what it cost.
@MainActor
struct SceneDrawing {
    /// The pager's pages (and the feed's spinner and end page).
    let pages: ScenePainter
    /// The wheel's rows and their thumbnails.
    let wheel: WheelPresenter
    /// The grid's cells, their thumbnails, and a photo's flight between a cell and the page box.
    var grid: GridPresenter
    /// The compare screen's two photos, decoded as pages and sharply where zoomed.
    let compare: ComparePresenter
    /// The information, the dots, the panel, the status bar and the help.
    let overlays: OverlayPainter
    /// Photos fading in over their placeholders: dropped when done by the frame step, noted before painting.
    var fadeIns = FadeIns()
    /// The zoomed photos' sharp regions, decoded at the zoom: the pager's photo, or the compare screen's two.
    let zoomDetail: ZoomDetail
    /// Which pictures the shown screen keeps resident, and what changed since the last frame.
    var residency = ResidencyTracker()
    /// Where the last frame drew its overlays and wheel rows, handed to the model for hit-testing clicks.
    var drawnLayout: SceneLayout?
    /// The CPU time of the last frame, for the information panel.
    var lastFrameMilliseconds = 0.0

    /// Painters drawing with `texts`, the zoomed detail decoded by `zoomDetail`.
    init(texts: TextCache, zoomDetail: ZoomDetail) {
        pages = ScenePainter(texts: texts)
        wheel = WheelPresenter(painter: WheelPainter(texts: texts))
        grid = GridPresenter(painter: GridPainter(texts: texts))
        compare = ComparePresenter(painter: ComparePainter(scene: pages))
        overlays = OverlayPainter(texts: texts)
        self.zoomDetail = zoomDetail
    }
}
