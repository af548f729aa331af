import PagerEngine

/// Stepping back out with Escape, as eog and nsxiv users expect: one layer at a time, quitting last.
extension GalleryModel {
    /// Escape: closes the information panel (a layer over the photo); else leaves fullscreen; else the grid or the
    /// wheel, opening the photo in the pager; else the zoom, back to fit; and quits only from a pager showing its
    /// photo fitted, in a window.
    mutating func back(at time: Double) -> [GalleryEffect] {
        if overlays.showsInfoPanel { return perform(.toggleInfoPanel, at: time) }
        if window.isFullscreen { return perform(.toggleFullscreen, at: time) }
        if let command = screen.backCommand(at: now) { return perform(command, at: time) }
        window.quitRequested = true
        return []
    }
}
