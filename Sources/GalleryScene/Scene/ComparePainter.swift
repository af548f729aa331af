import GalleryCore
import Imaging
import PagerEngine
import Support

/// Draws the compare screen: each photo in its box (side by side, or both over the whole area cut at the swipe
/// divider), fitted or at the locked zoom, from the page store's textures with a zoomed photo's sharp region over them
/// (`ZoomDetail`, turned as the photo is); a photo not decoded yet is its placeholder, one that failed the pager's
/// error tile; the marked get their badge; a line marks the halves or the divider.
/// Pictures, placeholders and error tiles are drawn by the pager's `ScenePainter`, so a photo looks the same in both.
@MainActor
struct ComparePainter {
    /// The pager's painter, which draws each picture, placeholder and error tile.
    let scene: ScenePainter

    /// The line between the halves and the swipe divider.
    static let dividerColour = RGBA(r: 235, g: 235, b: 240)

    /// The slot each side's texture is filled into (both the same photo share one).
    static func slots(of compare: CompareModel) -> [(slot: Int, photo: PhotoID)] {
        compare.left == compare.right ? [(0, compare.left)] : [(0, compare.left), (1, compare.right)]
    }

    /// Makes the error tiles' labels `paint` draws, for the photos that failed.
    func prepare(_ compare: CompareModel, store: any PageStore, scale: Double, renderer: any Canvas) throws {
        let labels = CompareSide.allCases.compactMap { side -> TextRequest? in
            let photo = compare.photo(on: side)
            guard store.texture(forPhoto: photo, slot: Self.slot(of: side, in: compare)) == nil,
                let failure = store.failure(forPhoto: photo)
            else { return nil }
            let box = compare.box(of: side)
            let tile = box.centring(store.placeholderSize(forPhoto: photo, in: box.size))
            return ScenePainter.errorLabel(failure, width: tile.width, scale: scale)
        }
        try scene.texts.prepare(labels, renderer: renderer)
    }

    /// Draws both photos as `compare` places them, `marked` ones with a badge, each turned as `orientation` says, a
    /// zoomed one's `sharp` region over its part of the picture.
    func paint(
        _ compare: CompareModel, store: any PageStore, scale: Double, renderer: any Canvas,
        marked: (PhotoID) -> Bool, orientation: (PhotoID) -> ViewOrientation, sharp: (PhotoID) -> ZoomDetail.Sharp?
    ) throws {
        try renderer.setDrawColor(ScenePainter.background)
        try renderer.clear()
        for side in CompareSide.allCases {
            try renderer.setClip(clip(of: side, in: compare))
            defer { try? renderer.setClip(nil) }
            let photo = compare.photo(on: side)
            let box = compare.box(of: side)
            let turn = orientation(photo)
            if let texture = store.texture(forPhoto: photo, slot: Self.slot(of: side, in: compare)) {
                // Until the model knows the photo's size (a frame later) it is fitted to its box.
                let rect =
                    compare.frame(of: side).map(Self.pixelRect)
                    ?? box.centring(
                        store.shownSize(of: texture.size, in: store.box, orientation: turn).fitted(inside: box.size))
                let sharpRegion = compare.zoom == nil ? nil : sharp(photo)
                let sharpRect = sharpRegion.flatMap { region in
                    compare.frame(of: side).flatMap { Self.rect(of: region, over: $0, turn) }
                }
                // A region that covers what shows of the photo hides the page picture, which is not drawn then: SDL's
                // software renderer turns the whole destination of a turned copy, 12 megapixels at 100 % in a second.
                let shows = Self.visible(rect, in: clip(of: side, in: compare))
                if sharpRect.map({ Self.covers($0, shows) }) != true {
                    try scene.draw(texture, in: rect, turn, renderer: renderer)
                }
                if let sharpRegion, let sharpRect {
                    try scene.draw(sharpRegion.texture, in: sharpRect, turn, renderer: renderer)
                }
                if marked(photo) { try MarkBadge.paint(in: Self.visible(rect, in: box), renderer: renderer) }
                continue
            }
            let tile = box.centring(store.placeholderSize(forPhoto: photo, in: box.size))
            if let failure = store.failure(forPhoto: photo) {
                try scene.paintError(failure, in: tile, scale: scale, renderer: renderer)
            } else {
                try scene.paintPlaceholder(in: tile, thumbnail: nil, renderer: renderer)
            }
            if marked(photo) { try MarkBadge.paint(in: tile, renderer: renderer) }
        }
        try paintDivider(compare, scale: scale, renderer: renderer)
    }

    /// Where a sharp region goes over its part of the picture drawn at `frame`: the region lies in the stored
    /// picture's pixels, so it is placed where it lands as shown (it is drawn turned as the picture is). Its edges are
    /// rounded as the picture's own are, so it lines up with the page picture around it.
    private static func rect(
        of sharp: ZoomDetail.Sharp, over frame: (x: Double, y: Double, width: Double, height: Double),
        _ turn: ViewOrientation
    ) -> PixelRect? {
        guard sharp.full.width > 0, sharp.full.height > 0 else { return nil }
        let shown = turn.shown(width: sharp.full.width, height: sharp.full.height)
        let region = turn.shownRect(of: sharp.region, storedSize: sharp.full)
        let scaleX = frame.width / Double(shown.width), scaleY = frame.height / Double(shown.height)
        let x0 = frame.x + Double(region.x) * scaleX, y0 = frame.y + Double(region.y) * scaleY
        let x1 = frame.x + Double(region.x + region.width) * scaleX
        let y1 = frame.y + Double(region.y + region.height) * scaleY
        let first = pixelRect((x0, y0, 0, 0)), last = pixelRect((x1, y1, 0, 0))
        return PixelRect(x: first.x, y: first.y, width: last.x - first.x, height: last.y - first.y)
    }

    /// Whether `inner` lies wholly inside `outer`.
    private static func covers(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// The slot `side`'s texture is in.
    private static func slot(of side: CompareSide, in compare: CompareModel) -> Int {
        side == .left || compare.left == compare.right ? 0 : 1
    }

    /// Where `side` may draw: its half side by side; in the swipe layout the left-hand photo left of the divider, the
    /// right-hand one right of it.
    private func clip(of side: CompareSide, in compare: CompareModel) -> PixelRect {
        let box = compare.box(of: side)
        guard compare.layout == .swipe else { return box }
        let cut = min(max(Int(compare.dividerX.rounded()), box.x), box.maxX)
        return side == .left
            ? PixelRect(x: box.x, y: box.y, width: cut - box.x, height: box.height)
            : PixelRect(x: cut, y: box.y, width: box.maxX - cut, height: box.height)
    }

    /// A thin line between the halves, or along the swipe divider with a grip in its middle.
    private func paintDivider(_ compare: CompareModel, scale: Double, renderer: any Canvas) throws {
        let area = compare.area
        let width = max(SceneLayout.px(2, scale: scale), 1)
        let x = compare.layout == .swipe ? Int(compare.dividerX.rounded()) : compare.box(of: .right).x
        try renderer.setDrawColor(compare.layout == .swipe ? Self.dividerColour : ScenePainter.background)
        try renderer.fill(PixelRect(x: x - width / 2, y: area.y, width: width, height: area.height))
        guard compare.layout == .swipe else { return }
        let grip = SceneLayout.px(12, scale: scale)
        try renderer.fill(
            PixelRect(x: x - grip / 2, y: area.y + area.height / 2 - 2 * grip, width: grip, height: 4 * grip))
    }

    /// The part of `rect` inside `box` (where a zoomed photo's badge still shows).
    private static func visible(_ rect: PixelRect, in box: PixelRect) -> PixelRect {
        let x = max(rect.x, box.x), y = max(rect.y, box.y)
        return PixelRect(
            x: x, y: y, width: max(min(rect.maxX, box.maxX) - x, 0), height: max(min(rect.maxY, box.maxY) - y, 0))
    }

    /// An unrounded frame in whole pixels, bounded so that no hostile size overflows.
    private static func pixelRect(_ frame: (x: Double, y: Double, width: Double, height: Double)) -> PixelRect {
        let limit = Double(1 << 30)
        func bounded(_ value: Double) -> Int { Int(min(max(value.rounded(), -limit), limit)) }
        return PixelRect(
            x: bounded(frame.x), y: bounded(frame.y), width: bounded(frame.width), height: bounded(frame.height))
    }
}
