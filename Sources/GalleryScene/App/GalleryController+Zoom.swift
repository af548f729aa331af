import GalleryCore
import Imaging
import PagerEngine
import Support

/// The zoom's drawing side (the model decides the zoom): the fits of the decoded photos it decides from, the status bar's
/// and the panel's sizes, and the sharp decode of the visible region once a zoom rests.
extension GalleryController {
    /// The zoom shown now, with any animation evaluated at `now`; `nil` at fit.
    var shownZoom: (photo: PhotoID, zoom: PhotoZoom)? { model.shownZoom }

    /// The fits of the decoded photos at the centre of a pager (the current photo, and the one queued keys head for,
    /// which a settling strip arrives at), in the page box without and with the status bar: what the model zooms from.
    func decodedFits() -> [PhotoID: FrameFacts.Fit] {
        shownPresenter.decodedFits(in: frameContext) { photo, decoded in
            FrameFacts.Fit(
                bare: fitZoom(photo, decoded: decoded, in: photoBox(statusBar: false).size),
                withStatusBar: fitZoom(photo, decoded: decoded, in: photoBox(statusBar: true).size))
        }
    }

    /// `photo`'s zoom at fit in `box`, decoded at `decoded` (drawn at the box's scale when pages are decoded smaller,
    /// `PageBudget`), measured on the photo as turned.
    private func fitZoom(_ photo: PhotoID, decoded: PixelSize, in box: PixelSize) -> PhotoZoom {
        let fitted = store.shownSize(of: decoded, in: box, orientation: model.orientation(of: photo))
        return PhotoZoom(
            fittedWidth: Double(fitted.width), fittedHeight: Double(fitted.height),
            viewportWidth: model.viewport.width, viewportHeight: model.viewport.height,
            imageWidth: Double(imageSize(of: photo, fitted: fitted).width))
    }

    /// The photo's own pixels as drawn (`fitted`'s orientation), from its header; the fitted size when unknown.
    func imageSize(of photo: PhotoID, fitted: PixelSize) -> PixelSize {
        // The header's size is before EXIF rotation: pick the sides that match the drawn photo's orientation.
        guard let size = store.decodes.statedSizes[photo] else { return fitted }
        let same = (size.width >= size.height) == (fitted.width >= fitted.height)
        return same ? size : PixelSize(width: size.height, height: size.width)
    }

    /// The current photo's size as fitted and its own pixels, once it is decoded; nil in the wheel, whose rows are
    /// thumbnails.
    private var currentSizes: (fitted: PixelSize, image: PixelSize)? {
        if shownPresenter.showsThumbnailsOnly { return nil }
        let photo = model.currentPhoto
        guard let decoded = store.textureSize(forPhoto: photo) else { return nil }
        let fitted = store.shownSize(of: decoded, in: pageBox, orientation: model.orientation(of: photo))
        return (fitted, imageSize(of: photo, fitted: fitted))
    }

    /// The scale the current photo is shown at, 1 at fit.
    private var currentScale: Double {
        shownZoom.flatMap { $0.photo == model.currentPhoto ? $0.zoom.scale : nil } ?? 1
    }

    /// The status bar's facts about the photo at the centre: its own pixels and the zoom as a share of them, once
    /// it is decoded.
    var photoFacts: (size: (width: Int, height: Int)?, zoomPercent: Int?) {
        guard let (fitted, image) = currentSizes else { return (nil, nil) }
        let percent = Int((Double(fitted.width) * currentScale / Double(max(image.width, 1)) * 100).rounded())
        return ((image.width, image.height), percent)
    }

    /// The information panel's size lines for the photo at the centre: its own pixels, and as drawn now.
    var zoomPanelLines: [String] {
        guard let (fitted, image) = currentSizes else { return ["shown     not decoded"] }
        let view = model.viewLabel.map { ["view      \($0)"] } ?? []
        return GalleryModel.sizeLines(
            image: (image.width, image.height), fitted: (fitted.width, fitted.height), scale: currentScale) + view
    }

    /// The current scale, 1 at fit.
    var zoomScale: Double { model.zoomScale }

    /// Brings the sharp region in line with the zoom (`GalleryEffect.sharpen`), as the screen's presenter does it
    /// (`PagerPresenter.sharpen`), within the zoom's share of `--cache-mb`.
    func requestSharpness() {
        shownPresenter.sharpen(
            detail: drawing.zoomDetail, budgetBytes: PageBudget.detailShare(of: budget.bytes), in: frameContext)
    }
}
