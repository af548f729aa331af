import PagerEngine
import Support

/// How the photo arrived at in a strip at rest is first shown, once it is decoded (`PhotoViews`): the zoom a page turn
/// carried while `keepsZoom`, else the one remembered across restarts, else the fit mode's. Each answers whether it
/// placed a zoom (the adapter decodes the region afresh).
extension PagerScreen {
    /// Gives the carried zoom to the photo at the centre, measured from its fit: the same share of its own pixels and
    /// of its pan room.
    mutating func takeCarriedZoom(_ views: inout PhotoViews, context: PagerContext) -> Bool {
        let photo = centrePhoto(context)
        guard let carried = views.carriedZoom, pager.phase == .idle, let fit = context.fit(of: photo) else {
            return false
        }
        views.carriedZoom = nil
        zoom.place(photo, at: carried.applied(to: fit))
        return true
    }

    /// Gives the photo at the centre its remembered zoom (unless a kept zoom or a zoom of the user's came first).
    mutating func takeRememberedZoom(_ views: inout PhotoViews, context: PagerContext) -> Bool {
        let photo = centrePhoto(context)
        guard views.recall.isOn, !views.recall.pending.isEmpty, views.carriedZoom == nil, pager.phase == .idle,
            let remembered = views.recall.pending[photo], let fit = context.fit(of: photo)
        else { return false }
        views.recall.pending[photo] = nil
        views.recall.left.updateValue(CarriedZoom?.none, forKey: photo)
        if let shown = zoom.shown(at: context.now), shown.photo == photo { return false }
        zoom.place(photo, at: remembered.applied(to: fit))
        return true
    }

    /// Shows the photo at the centre in the fit mode, once per photo arrived at (after a zoom carried over the page
    /// turn, which wins).
    mutating func takeFitMode(_ views: inout PhotoViews, context: PagerContext) -> Bool {
        let photo = centrePhoto(context)
        guard views.fitMode != .fit, pager.phase == .idle, views.carriedZoom == nil, views.fitModePhoto != photo,
            let fit = context.fit(of: photo)
        else { return false }
        views.fitModePhoto = photo
        if let shown = zoom.shown(at: context.now), shown.photo == photo { return false }
        zoom.place(photo, at: views.fitMode.zoom(of: fit))
        return true
    }
}
