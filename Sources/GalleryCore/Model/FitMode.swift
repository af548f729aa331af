import PagerEngine

/// How a photo first fills the page (`--fit`, the `e` key cycles them): whole (fit), as wide as the page (width, from
/// its top, to read a tall photo or a page of text), or covering the page (fill, cropped at the centre). Width and fill
/// are zooms measured from fit, so the zoom's physics keep fit as their reference: pan, zoom keys and the double-click
/// work from there as from any zoom.
public enum FitMode: String, CaseIterable, Sendable {
    /// The whole photo in the page (the zoom at scale 1).
    case fit
    /// The photo's width across the page, its top at the top.
    case width
    /// The page covered, the photo centred and cropped.
    case fill

    /// The mode after this one, as `e` cycles them.
    public var next: FitMode {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The scale relative to fit this mode shows `fit` at (1 for fit, and for a photo whose fit already fills).
    public func scale(of fit: PhotoZoom) -> Double {
        let across = fit.viewportWidth / fit.fittedWidth
        let down = fit.viewportHeight / fit.fittedHeight
        switch self {
        case .fit: return 1
        case .width: return max(1, across)
        case .fill: return max(1, across, down)
        }
    }

    /// `fit` zoomed as this mode shows it: about the page's centre, except width, about the photo's top edge, which the
    /// pan bounds then hold at the page's top.
    public func zoom(of fit: PhotoZoom) -> PhotoZoom {
        let x = fit.viewportWidth / 2
        let y = self == .width ? (fit.viewportHeight - fit.fittedHeight) / 2 : fit.viewportHeight / 2
        return fit.zoomed(to: scale(of: fit), atX: x, y: y)
    }
}
