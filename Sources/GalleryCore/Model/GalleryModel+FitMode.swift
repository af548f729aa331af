import PagerEngine

/// The fit mode (`FitMode`): each photo arrived at in a resting pager is shown in it once, when it is decoded; the
/// zoom keys, W and a pan then change it as any zoom, until the next photo.
extension GalleryModel {
    /// Starts with `mode` (`--fit width`, `--fit fill`).
    public mutating func setFitMode(_ mode: FitMode) {
        fitMode = mode
        fitModePhoto = nil
    }

    /// `e`: the next mode, shown on the photo at once (animated) and said.
    mutating func cycleFitMode(at time: Double) -> [GalleryEffect] {
        fitMode = fitMode.next
        fitModePhoto = currentPhoto
        showNotice("fit: \(fitMode.rawValue)", at: time)
        guard let fit = fit(of: currentPhoto) else { return [] }
        let target = fitMode.zoom(of: fit)
        let (x, y) = (viewport.width / 2, viewport.height / 2)
        // The spring zooms about the centre; the mode's own placement (width's top) is taken when it rests.
        guard fitMode == .width else { return zoom(to: target.scale, atX: x, y: y, at: time, animated: true) }
        zoom.place(currentPhoto, at: target)
        return [.sharpen]
    }

    /// Shows the photo at the centre of a resting pager in the fit mode, once per photo arrived at, after its decode
    /// (and after a zoom carried over the page turn, which wins).
    mutating func takeFitMode() -> [GalleryEffect] {
        guard fitMode != .fit, phase == .idle, pager != nil, carriedZoom == nil, fitModePhoto != currentPhoto,
            let fit = fit(of: currentPhoto)
        else { return [] }
        fitModePhoto = currentPhoto
        if let shown = shownZoom, shown.photo == currentPhoto { return [] }
        zoom.place(currentPhoto, at: fitMode.zoom(of: fit))
        return [.sharpen]
    }
}
