import PagerEngine

/// Panning a zoomed photo from the keyboard, as nsxiv: the arrows and hjkl pan it by a third of the window with the
/// key-paging spring; Left and Right turn the page only once the photo is at that edge (or at fit), so holding Right
/// reads a zoomed photo across and then goes on to the next one.
extension GalleryModel {
    /// A pan key: pans the zoomed photo at the centre of a resting pager, else turns the page (Left, Right).
    mutating func panOrTurn(_ direction: PanDirection, at time: Double) -> [GalleryEffect] {
        if phase == .idle, let shown = zoom.shown(at: time), shown.zoom.isZoomed, shown.photo == currentPhoto {
            let step = direction.step(width: viewport.width, height: viewport.height)
            if zoom.pan(byX: step.x, y: step.y, at: time) { return [] }
        }
        return direction.turn.map { perform($0, at: time) } ?? []
    }
}
