import PagerEngine
import Support

/// Turning and mirroring the photo on screen (nsxiv's `<` `>` `|` `_`): for the view only, per photo, kept while the
/// gallery runs (as nsxiv keeps it per image until a reload).
extension GalleryModel {
    /// How `photo` is shown: upright unless turned or mirrored.
    public func orientation(of photo: PhotoID) -> ViewOrientation {
        views.orientations[photo] ?? .upright
    }

    /// Turns or mirrors the photo at the centre of a pager (not the grid's or the wheel's rows); its zoom goes back to
    /// fit, since the fit is measured on the turned photo.
    mutating func orient(_ change: ViewOrientation.Change) -> [GalleryEffect] {
        guard photoCount > 0, screen.showsPhotoView else { return [] }
        let photo = targetPhoto
        let next = orientation(of: photo).applying(change)
        views.orientations[photo] = next == .upright ? nil : next
        tell(.view(.turned), at: now)
        return [.sharpen]
    }

    /// Shows `photo` as its file states it again (its turn was saved into the file: Ctrl+S).
    mutating func resetOrientation(of photo: PhotoID) {
        views.orientations[photo] = nil
        tell(.view(.turnSaved(photo)), at: now)
    }
}
