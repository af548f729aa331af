import GalleryCore
import Imaging
import Support

/// The short zoom between a grid cell and the pager's page box: opening a photo from the grid flies it from its cell
/// to where the pager shows it, going back flies the page into the selection's cell. A value of the model's clock
/// (`start`, and the frame's time passed in), never the wall clock, so headless runs draw the same frames every time.
@MainActor
struct GridZoom {
    /// How long the flight takes: Android's `config_shortAnimTime` (200 ms), the platform's duration for short
    /// transitions such as its photo viewers' zoom out of a thumbnail; long enough to follow, short enough not to wait.
    static let duration = 0.2

    /// Which way the photo flies.
    enum Direction {
        /// From the grid cell into the pager (Enter or a click in the grid).
        case opening
        /// From the pager back into the grid cell (Enter or `t` in a pager, a drag down).
        case closing
    }

    /// The photo flying (library index).
    let photo: PhotoID
    /// Which way it flies.
    let direction: Direction
    /// When it took off, on the model's clock.
    let start: Double
    /// The cell it leaves (opening); nil closing, where the cell is read from the grid each frame.
    let cell: PixelRect?
    /// The picture drawn while no better one is held: the cell's thumbnail opening, the page closing.
    let texture: (any CanvasTexture)?
    /// Where a closing flight starts when not at the page box: where a drag down let go of the photo.
    var from: PixelRect? = nil

    /// How far along the flight is at `time`: 0 at take-off, 1 landed, eased out (fast, then settling: the cubic
    /// deceleration curve, so the photo answers at once and lands softly).
    func progress(at time: Double) -> Double {
        let linear = min(max((time - start) / Self.duration, 0), 1)
        let remaining = 1 - linear
        return 1 - remaining * remaining * remaining
    }

    /// Whether the flight is still under way at `time`.
    func isRunning(at time: Double) -> Bool { time - start < Self.duration }

    /// The rectangle `progress` of the way from `from` to `to` (rounded to whole pixels).
    static func interpolate(from: PixelRect, to: PixelRect, progress: Double) -> PixelRect {
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * progress).rounded()) }
        return PixelRect(
            x: mix(from.x, to.x), y: mix(from.y, to.y), width: max(mix(from.width, to.width), 1),
            height: max(mix(from.height, to.height), 1))
    }

    /// Where a picture of `size` is drawn at `time`, flying between `cell` and `pageBox` (fitted and centred in each), or
    /// from `from` when a drag down let go of it there.
    func rect(of size: PixelSize, cell: PixelRect, pageBox: PixelRect, at time: Double) -> PixelRect {
        let small = cell.centring(size.fitted(inside: cell.size))
        let large = from ?? pageBox.centring(size.fitted(inside: pageBox.size))
        let shown = progress(at: time)
        return direction == .opening
            ? Self.interpolate(from: small, to: large, progress: shown)
            : Self.interpolate(from: large, to: small, progress: shown)
    }
}
