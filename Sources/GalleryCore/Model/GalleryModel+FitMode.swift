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
        guard let fit = fit(of: currentPhoto) else { return [] }
        // Back to fit with the spring; width and fill at once, placed as the mode places them (width's top, fill's
        // centre), which a spring about one point could not give both.
        guard views.fitMode != .fit else {
            return zoom(to: 1, atX: viewport.width / 2, y: viewport.height / 2, at: time, animated: true)
        }
        zoom.place(currentPhoto, at: views.fitMode.zoom(of: fit))
        return [.sharpen]
    }

    /// Shows the photo at the centre of a resting pager in the fit mode, once per photo arrived at, after its decode
    /// (and after a zoom carried over the page turn, which wins).
    mutating func takeFitMode() -> [GalleryEffect] {
        guard views.fitMode != .fit, phase == .idle, pager != nil, views.carriedZoom == nil,
            views.fitModePhoto != currentPhoto,
            let fit = fit(of: currentPhoto)
        else { return [] }
        views.fitModePhoto = currentPhoto
        if let shown = shownZoom, shown.photo == currentPhoto { return [] }
        zoom.place(currentPhoto, at: views.fitMode.zoom(of: fit))
        return [.sharpen]
    }
}
