import PagerEngine
import Support

/// How each photo is shown when it is arrived at: its turn, the fit mode, a zoom carried over a page turn or
/// remembered across restarts, and the animation of the one on screen.
public struct PhotoViews: Sendable {
    /// How each photo turned or mirrored (`<` `>` `|` `_`) is shown, kept while the gallery runs; upright photos are
    /// not listed.
    public internal(set) var orientations: [PhotoID: ViewOrientation] = [:]
    /// Whether a page turn keeps the zoom (`z`, `--keep-zoom`): nsxiv's habit, feh's `--keep-zoom-vp`.
    public internal(set) var keepsZoom = false
    /// The zoom a page turn carried away while `keepsZoom`, until the photo arrived at is decoded and takes it.
    public internal(set) var carriedZoom: CarriedZoom?
    /// Views remembered across restarts (`--remember`).
    var recall = ViewRecall()
    /// How each photo arrived at first fills the page (`--fit`, `e`).
    public internal(set) var fitMode = FitMode.fit
    /// The photo the fit mode was last shown on (or left alone for): the zoom keys change it until the next photo.
    var fitModePhoto: PhotoID?
    /// The animation of the photo on screen, if it animates.
    public internal(set) var animation: AnimationPlayback?

}
