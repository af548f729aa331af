import PagerEngine
import Support

/// The wheel (F4): the whole library as rows on a circle arc, a pager on a wheel topology in which row r shows photo
/// r, and the pager mode a row opens in. It gives its own meaning to the keys and the taps it takes: Enter or a tap
/// on a row opens that photo, D flips the arc, the arrows and hjkl step the rows as Left and Right do, and the page
/// commands turn the rows as a pager's pages.
public struct WheelScreen: Sendable {
    /// The rows: a pager on a wheel topology.
    public internal(set) var rows: Pager
    /// The pager mode a row opens in: the one used before the wheel.
    public let returnTo: TopologyKind

    /// A wheel of `photoCount` rows on `viewport`, `startRow` at the centre, opening rows in `returnTo`.
    init(
        photoCount: Int, startRow: Int, viewport: Viewport, configuration: PagerConfiguration, time: Double = 0,
        returnTo: TopologyKind
    ) {
        rows = Pager(
            topology: WheelTopology(rowCount: photoCount, startRow: startRow), viewport: viewport,
            configuration: configuration, time: time)
        self.returnTo = returnTo
    }

    /// The row at the centre, which is the photo shown there.
    public var currentRow: Int { rows.currentPage.rawValue }

    /// What `command` means on the wheel: nil when it is the gallery's common handling.
    func response(to command: GalleryCommand) -> WheelResponse? {
        switch command {
        case .open: .open(PhotoID(currentRow))
        case .flipWheel: .flip
        case .pan(let direction): .step(direction == .left || direction == .up ? .previous : .next)
        default: nil
        }
    }

    /// The rows' meaning of a page command: they turn as a pager's pages do (row r shows photo r; PageUp and PageDown
    /// from where queued presses head); nil for any other command.
    mutating func turn(_ command: GalleryCommand, at time: Double) -> [PagerEvent]? {
        let move: PagerCommand
        if let pageMove = command.pageMove(from: rows.targetPage) {
            move = pageMove
        } else if case .goToPhoto(let photo) = command {
            move = .goTo(page: PageIndex(photo.rawValue))
        } else {
            return nil
        }
        return rows.handle(.command(move), at: time)
    }

    /// The photo of the row a tap at (`x`, `y`) hit, as `layout` drew the rows; nil between rows.
    func photo(tappedAtX x: Double, y: Double, layout: SceneLayout?) -> PhotoID? {
        layout?.wheelRow(atX: Int(x), y: Int(y)).map { PhotoID($0) }
    }
}
