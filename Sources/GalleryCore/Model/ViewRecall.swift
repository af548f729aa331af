import PagerEngine
import Support

/// What the model does with remembered views (`--remember`): the zooms handed in and not yet given to their photo,
/// and the zooms photos were left at this session.
struct ViewRecall: Sendable {
    /// Whether views are remembered at all.
    var isOn = false
    /// The photos a view was handed in for.
    var remembered: Set<PhotoID> = []
    /// Remembered zooms waiting for their photo to be shown, decoded, at rest.
    var pending: [PhotoID: CarriedZoom] = [:]
    /// The zoom each photo was left at this session (nil: at fit), for the photos whose zoom may have changed.
    var left: [PhotoID: CarriedZoom?] = [:]

    /// The same photos under their new numbers; those gone are forgotten.
    mutating func renumber(_ renumbered: (PhotoID) -> PhotoID?) {
        remembered = Set(remembered.compactMap(renumbered))
        pending = Dictionary(pending.compactMap { old, zoom in renumbered(old).map { ($0, zoom) } }) { first, _ in first
        }
        left = Dictionary(left.compactMap { old, zoom in renumbered(old).map { ($0, zoom) } }) { first, _ in first }
    }
}
