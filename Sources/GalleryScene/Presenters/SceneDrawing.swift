import GalleryCore
import Imaging
import PagerEngine
import Support

/// What draws the model on the canvas: the pager's, the wheel's, the grid's and the compare screen's presenters, the
/// overlays' painter, the zoomed photos' sharp detail, the pictures the last frame kept resident, where it drew what a
/// click can hit, and what it cost.
@MainActor
struct SceneDrawing {
    /// The pager's pages (and the feed's spinner and end page), the photos fading in.
    let pager: PagerPresenter
    /// The wheel's rows and their thumbnails.
    let wheel: WheelPresenter
    /// The grid's cells, their thumbnails, and a photo's flight between a cell and the page box.
    var grid: GridPresenter
    /// The compare screen's two photos, decoded as pages and sharply where zoomed.
    let compare: ComparePresenter
    /// The information, the dots, the panel, the status bar and the help.
    let overlays: OverlayPainter
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
        pager = PagerPresenter(painter: ScenePainter(texts: texts))
        wheel = WheelPresenter(painter: WheelPainter(texts: texts))
        grid = GridPresenter(painter: GridPainter(texts: texts))
        compare = ComparePresenter(painter: ComparePainter(scene: pager.painter))
        overlays = OverlayPainter(texts: texts)
        self.zoomDetail = zoomDetail
    }

    /// The presenter of `screen`: the one place the drawing side asks which screen shows.
    func presenter(of screen: Screen) -> any ScreenPresenter {
        switch screen {
        case .pager: pager
        case .wheel: wheel
        case .grid: grid
        case .compare: compare
        }
    }
}
