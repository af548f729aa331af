import PagerEngine

extension GalleryController {
    /// The display's ICC profile changed (`DisplayProfile`): every page and thumbnail decoded for the old one is decoded
    /// again, as after a resize; the pages show placeholders until then.
    package func decodeAgainForNewDisplayProfile() {
        store.reset(box: store.box, renderer: nil)
        thumbnails.removeAll()
        drawing.residency = ResidencyTracker()
        needsRedraw = true
        updateResidency()
    }
}
