import PagerEngine

/// The fit mode (`FitMode`): each photo arrived at in a resting pager is shown in it once, when it is decoded; the
/// zoom keys, W and a pan then change it as any zoom, until the next photo.
extension GalleryModel {
    /// Starts with `mode` (`--fit width`, `--fit fill`).
    mutating func setFitMode(_ mode: FitMode) {
        views.fitMode = mode
        views.fitModePhoto = nil
    }

    /// `e`: the next mode, shown on the photo at once (animated) and said.
    mutating func cycleFitMode(at time: Double) -> [GalleryEffect] {
        views.fitMode = views.fitMode.next
        views.fitModePhoto = currentPhoto
        showNotice("fit: \(views.fitMode.rawValue)", at: time)
        return tell(.view(.fitModeChosen(views.fitMode)), at: time) ?? []
    }
}
