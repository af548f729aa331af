import GalleryCore
import Imaging
import PagerEngine
import Support

/// The compare screen's drawing side (`CompareModel` decides what shows): both photos decoded as pages are, their
/// sizes handed to the model as facts, and the frame painted by `ComparePainter`.
extension GalleryController {
    /// The compared photos' own pixels as drawn (turned as the view turns them), once decoded: what the model's locked
    /// zoom is measured on.
    func comparedPictures() -> [PhotoID: ComparedPicture] {
        guard let compare = model.compare else { return [:] }
        var pictures: [PhotoID: ComparedPicture] = [:]
        for side in CompareSide.allCases {
            let photo = compare.photo(on: side)
            guard store.failure(forPhoto: photo) == nil, let decoded = store.textureSize(forPhoto: photo) else {
                continue
            }
            let shown = store.shownSize(of: decoded, in: pageBox, orientation: model.orientation(of: photo))
            let image = imageSize(of: photo, fitted: shown)
            pictures[photo] = ComparedPicture(width: Double(image.width), height: Double(image.height))
        }
        return pictures
    }

    /// Decodes what the compare screen shows, as pages: the left-hand photo first, then the right-hand one and its
    /// neighbours (where the arrows go next), by the residency plan around it.
    func updateCompareResidency(_ compare: CompareModel) {
        guard
            let plan = drawing.residency.update(
                logicalPosition: Double(compare.right.rawValue), velocity: 0, pageCount: model.photoCount, wraps: false)
        else { return }
        store.apply(ResidencyPlan<PhotoID>(required: Self.unique([compare.left] + plan.required.map(photo(ofPage:)))))
    }

    /// Paints the compare screen: both photos' textures are given their slots first (and an animated left-hand photo its
    /// frame), so painting uploads none.
    func paintCompare(_ compare: CompareModel) throws {
        let shown = ComparePainter.slots(of: compare)
        try store.fillSlots(shown)
        // The left-hand photo is the current one: when it animates, it plays here as in the pager.
        try uploadAnimationFrame(shown)
        let painter = ComparePainter(scene: drawing.pager.painter)
        try painter.prepare(compare, store: store, scale: scale, renderer: renderer)
        try painter.paint(
            compare, store: store, scale: scale, renderer: renderer, marked: model.marks.contains,
            orientation: model.orientation(of:))
    }

    /// Where the compare screen draws its photos, as the model places them (a side not measured yet: -1); empty outside
    /// compare.
    var comparedFrames: [Double] {
        guard let compare = model.compare else { return [] }
        return CompareSide.allCases.flatMap { side in
            compare.frame(of: side).map { [$0.x, $0.y, $0.width, $0.height] } ?? [-1]
        }
    }

    /// The right-hand photo's name, for the information line and the status bar; empty outside compare.
    var comparedName: String {
        guard let photo = model.compare?.right, photo.rawValue < library.count else { return "" }
        return library.name(forPhoto: photo)
    }

    /// The status bar's facts in compare: the left-hand photo's own pixels and the share of them both are shown at.
    var compareFacts: (size: (width: Int, height: Int)?, zoomPercent: Int?)? {
        guard let compare = model.compare else { return nil }
        let picture = compare.picture(on: .left)
        return (
            picture.map { (Int($0.width), Int($0.height)) },
            compare.imageScale(of: .left).map { Int(($0 * 100).rounded()) }
        )
    }
}
