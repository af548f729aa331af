import PagerEngine
import Support

/// Views remembered across restarts (`--remember`): handed in before the first frame (`setRememberedViews`), each
/// zoom given to its photo once it is shown, decoded and at rest, and read back at quit (`viewsToRemember`).
extension GalleryModel {
    /// Starts remembering views, with `remembered` those read for the library's photos: their turns at once, their zooms
    /// when each is first shown.
    mutating func setRememberedViews(_ remembered: [PhotoID: RememberedView]) {
        views.recall = ViewRecall()
        views.recall.isOn = true
        for (photo, view) in remembered where photo.rawValue >= 0 && photo.rawValue < photoCount {
            views.orientations[photo] = view.orientation == .upright ? nil : view.orientation
            views.recall.pending[photo] = view.zoom
            views.recall.remembered.insert(photo)
        }
    }

    /// Notes that the photo at the centre is shown afresh, at fit until a zoom comes (a remembered one, a kept one, the
    /// fit mode's, the user's), so a photo once left zoomed and seen again at fit is remembered at fit.
    mutating func noteArrival() {
        guard views.recall.isOn, photoCount > 0, views.recall.pending[currentPhoto] == nil else { return }
        views.recall.left.updateValue(CarriedZoom?.none, forKey: currentPhoto)
    }

    /// Notes the zoom `photo` is left at.
    mutating func noteLeft(_ photo: PhotoID, at left: PhotoZoom) {
        guard views.recall.isOn else { return }
        views.recall.left.updateValue(CarriedZoom(left), forKey: photo)
    }

    /// The views to keep, read at quit: every photo whose view was handed in or may have changed, as it is now (a
    /// plain view: forget it); photos not listed keep what was remembered.
    public func viewsToRemember() -> [PhotoID: RememberedView] {
        guard views.recall.isOn else { return [:] }
        var zooms = views.recall.left
        for (photo, zoom) in views.recall.pending { zooms.updateValue(zoom, forKey: photo) }
        if pager != nil, photoCount > 0, views.recall.pending[currentPhoto] == nil {
            let shown = shownZoom.flatMap { $0.photo == currentPhoto ? CarriedZoom($0.zoom) : nil }
            zooms.updateValue(shown, forKey: currentPhoto)
        }
        let photos = Set(zooms.keys).union(views.orientations.keys).union(views.recall.remembered)
        return Dictionary(
            uniqueKeysWithValues: photos.map { photo in
                (photo, RememberedView(zoom: zooms[photo] ?? nil, orientation: orientation(of: photo)))
            })
    }
}
