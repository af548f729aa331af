import GalleryCore
import Imaging
import PagerEngine
import Support

/// The compare screen on the canvas (`CompareModel` decides what shows): both photos decoded as pages are, their sizes
/// measured for the model, the visible part of each decoded again sharply at the size it is drawn once the zoom rests,
/// and the frame painted by `ComparePainter`.
@MainActor
struct ComparePresenter: ScreenPresenter {
    /// Draws both photos.
    let painter: ComparePainter

    /// The slot each side's texture is filled into (both the same photo share one).
    static func slots(of compare: CompareModel) -> [(slot: Int, photo: PhotoID)] {
        ComparePainter.slots(of: compare)
    }

    /// The compared photos' own pixels as drawn (turned as the view turns them), once decoded: what the model's locked
    /// zoom is measured on. `imageSize` gives a photo's own pixels from its header, for its decoded size as drawn.
    func pictures(
        in frame: FrameContext, pageBox: PixelSize, imageSize: (PhotoID, PixelSize) -> PixelSize
    ) -> [PhotoID: ComparedPicture] {
        guard let compare = frame.model.compare else { return [:] }
        var pictures: [PhotoID: ComparedPicture] = [:]
        for side in CompareSide.allCases {
            let photo = compare.photo(on: side)
            guard frame.store.failure(forPhoto: photo) == nil, let decoded = frame.store.textureSize(forPhoto: photo)
            else { continue }
            let shown = frame.store.shownSize(of: decoded, in: pageBox, orientation: frame.model.orientation(of: photo))
            let image = imageSize(photo, shown)
            pictures[photo] = ComparedPicture(width: Double(image.width), height: Double(image.height))
        }
        return pictures
    }

    /// Decodes what the compare screen shows, as pages: the left-hand photo first, then the right-hand one and its
    /// neighbours (where the arrows go next), by the residency plan around it.
    func wantDecodes(with drawing: SceneDrawing, in frame: FrameContext) -> ResidencyStrip? {
        guard let compare = frame.model.compare else { return nil }
        return ResidencyStrip(
            position: Double(compare.right.rawValue), velocity: 0, pageCount: frame.model.photoCount, wraps: false,
            standIn: nil, leading: compare.left)
    }

    /// Brings both sharp regions in line with the zoom, as the pager's `requestSharpness` does for one photo: at fit
    /// none; once the zoom rests (no drag, no pinch), each photo's part in its box decoded again at the size it is drawn
    /// (at most its own pixels; an SVG at any size), each within half the zoom's share of the cache (`budgetBytes`) and
    /// the renderer's texture limit. While a drag or a pinch goes on the regions held stay, drawn where they belong.
    func keepSharp(detail: ZoomDetail, budgetBytes: Int, in frame: FrameContext) {
        guard let compare = frame.model.compare else { return }
        guard compare.zoom != nil else { return detail.want([]) }
        guard compare.rests else { return }
        detail.want(
            CompareSide.allCases.compactMap {
                sharpWant(of: $0, in: compare, budgetBytes: budgetBytes / CompareSide.allCases.count, frame: frame)
            })
    }

    /// What to decode sharply of `side`'s photo, or nil when its page picture is already as sharp (or it is not
    /// decoded, or off its box).
    private func sharpWant(
        of side: CompareSide, in compare: CompareModel, budgetBytes: Int, frame: FrameContext
    ) -> ZoomDetail.Want? {
        let photo = compare.photo(on: side)
        guard let drawn = compare.frame(of: side), let picture = compare.picture(on: side),
            let imageScale = compare.imageScale(of: side), frame.store.failure(forPhoto: photo) == nil,
            let decoded = frame.store.textureSize(forPhoto: photo), drawn.width > 0, drawn.height > 0
        else { return nil }
        let source = frame.library.source(forPhoto: photo)
        let turn = frame.model.orientation(of: photo)
        // A photo's own pixels end its sharpening; an SVG is drawn again at any zoom.
        let scale = source.isVector ? imageScale : min(imageScale, 1)
        let limit = Double(1 << 30)
        let shownFull = PixelSize(
            width: Int(min(max((picture.width * scale).rounded(), 1), limit)),
            height: Int(min(max((picture.height * scale).rounded(), 1), limit)))
        // The page picture drawn no larger than its own pixels is as sharp as a region would be.
        guard shownFull.width > turn.shown(width: decoded.width, height: decoded.height).width + 1 else { return nil }
        // The box's part of the drawn picture, in the pixels of the picture at `shownFull`, widened to whole pixels.
        let box = compare.box(of: side)
        let toFullX = Double(shownFull.width) / drawn.width, toFullY = Double(shownFull.height) / drawn.height
        let x0 = max(Int(min(max((Double(box.x) - drawn.x) * toFullX, 0), limit).rounded(.down)), 0)
        let y0 = max(Int(min(max((Double(box.y) - drawn.y) * toFullY, 0), limit).rounded(.down)), 0)
        let x1 = min(Int(min(max((Double(box.maxX) - drawn.x) * toFullX, 0), limit).rounded(.up)), shownFull.width)
        let y1 = min(Int(min(max((Double(box.maxY) - drawn.y) * toFullY, 0), limit).rounded(.up)), shownFull.height)
        guard x1 > x0, y1 > y0 else { return nil }
        // The region is cut from the picture as stored: the visible part turned back.
        let visible = turn.storedRect(
            of: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), shownSize: shownFull)
        let full = turn.swapsSides ? PixelSize(width: shownFull.height, height: shownFull.width) : shownFull
        let plan = ZoomDetail.plan(
            visible: visible, full: full, budgetBytes: budgetBytes, maximumSide: frame.renderer.maximumTextureSide)
        return ZoomDetail.Want(
            photo: photo, source: source, full: plan.full, visible: plan.visible, region: plan.region)
    }

    /// Its regions follow its zoom each frame (`keepSharp`); one held stays over a turn, as it is cut from the stored
    /// picture and drawn turned.
    func sharpen(detail: ZoomDetail, budgetBytes: Int, in frame: FrameContext) {}

    /// Paints the compare screen: both photos (with their sharp regions), the marked ones' badges, the divider. Their
    /// textures' slots are filled first (the left-hand photo is the current one: when it animates, `upload` plays it
    /// here as in the pager), so painting uploads none.
    func paint(
        with drawing: SceneDrawing, scale: Double, in frame: FrameContext,
        upload: ([(slot: Int, photo: PhotoID)]) throws -> Void
    ) throws {
        guard let compare = frame.model.compare else { return }
        let shown = Self.slots(of: compare)
        try frame.store.fillSlots(shown)
        try upload(shown)
        let detail = drawing.zoomDetail
        try painter.prepare(compare, store: frame.store, scale: scale, renderer: frame.renderer)
        try painter.paint(
            compare, store: frame.store, scale: scale, renderer: frame.renderer, marked: frame.model.marks.contains,
            orientation: frame.model.orientation(of:), sharp: { detail.sharp(of: $0) })
    }

    /// Where both photos are drawn, as the model places them (a side not measured yet: -1).
    func placedFrames(in frame: FrameContext) -> [Double] {
        guard let compare = frame.model.compare else { return [] }
        return CompareSide.allCases.flatMap { side in
            compare.frame(of: side).map { [$0.x, $0.y, $0.width, $0.height] } ?? [-1]
        }
    }

    /// The right-hand photo's name, for the information line and the status bar.
    func secondName(in frame: FrameContext) -> String {
        guard let photo = frame.model.compare?.right, photo.rawValue < frame.library.count else { return "" }
        return frame.library.name(forPhoto: photo)
    }

    /// The left-hand photo's own pixels and the share of them both are shown at.
    func statusFacts(in frame: FrameContext) -> (size: (width: Int, height: Int)?, zoomPercent: Int?)? {
        guard let compare = frame.model.compare else { return nil }
        let picture = compare.picture(on: .left)
        return (
            picture.map { (Int($0.width), Int($0.height)) },
            compare.imageScale(of: .left).map { Int(($0 * 100).rounded()) }
        )
    }
}
