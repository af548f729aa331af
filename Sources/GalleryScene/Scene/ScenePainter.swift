import GalleryCore
import Imaging
import PagerEngine
import Support

/// Draws one frame of the strip: pages fitted on a dark background, stand-ins (after a far jump the photo's thumbnail
/// when one is at hand, else a flat neutral box of its shape), error tiles, the feed's end page.
@MainActor
final class ScenePainter {
    /// The dark background between and around pages.
    static let background = RGBA(r: 18, g: 18, b: 20)
    /// The placeholder's tones: one flat, dark, neutral box (`paper`; `ink` was the chequered flag's second tone and
    /// is no longer drawn): a far jump shows no pattern flashing before its photo.
    static let placeholderTones = (paper: RGBA(r: 30, g: 31, b: 35), ink: RGBA(r: 38, g: 40, b: 45))
    private let feedEnd: FeedEndPainter
    /// The text textures: labels are made here before painting (`ComparePainter` prepares its error tiles' too).
    let texts: TextCache

    init(texts: TextCache) {
        self.texts = texts
        feedEnd = FeedEndPainter(texts: texts)
    }

    /// Makes the textures `paint` draws besides the pages, given the same inputs (`zoomed`: the photo drawn zoomed, if
    /// any): the labels of damaged and failed photos, the feed's end page's texts and its spinner. Runs before
    /// painting, so painting only draws. Returns what the strip shows of each photo in its slots, in drawing order, for
    /// `FadeIns.record(_:at:)`: the photo itself at rest, or its placeholder (a zoomed photo, a failed one and the
    /// feed's end are neither).
    @discardableResult
    func prepare(
        pager: Pager, store: any PageStore, renderer: any Canvas, photo: (PageIndex) -> PhotoID,
        feedEnd: FeedEndContent,
        photoBox: PixelRect? = nil, scale: Double = 1, zoomed: PhotoID? = nil,
        orientation: (PhotoID) -> ViewOrientation = { _ in .upright }, dismiss: DismissPose? = nil
    ) throws -> [FadeIns.Sight] {
        let height = try renderer.outputSize.height
        let extent = Int(pager.extent.rounded())
        let fit = photoBox ?? PixelRect(x: 0, y: 0, width: extent, height: height).centring(store.box)
        var requests: [TextRequest] = []
        var sights: [FadeIns.Sight] = []
        for visible in pager.visibleSlots() {
            let fitRect = PixelRect(
                x: Int(visible.origin.rounded()) + fit.x, y: fit.y, width: fit.width, height: fit.height)
            switch visible.content {
            case .page(let page):
                let photo = photo(page)
                let posed = { (rest: PixelRect) in dismiss?.photo == photo ? dismiss?.rect(atRest: rest) ?? rest : rest
                }
                if let texture = store.texture(forPhoto: photo, slot: visible.slot) {
                    guard photo != zoomed else { continue }
                    sights.append(.photo(photo))
                    guard let note = store.damageNote(forPhoto: photo) else { continue }
                    let rect = posed(
                        fitRect.centring(
                            store.shownSize(of: texture.size, in: fit.size, orientation: orientation(photo))))
                    requests.append(Self.damageLabel(note, width: rect.width, scale: scale))
                } else if let failure = store.failure(forPhoto: photo) {
                    requests.append(Self.errorLabel(failure, width: posed(fitRect).width, scale: scale))
                } else {
                    sights.append(.placeholder(photo))
                }
            case .feedEnd:
                requests += try self.feedEnd.prepare(feedEnd, slotWidth: extent, scale: scale, renderer: renderer)
            case .empty:
                break
            }
        }
        try texts.prepare(requests, renderer: renderer)
        return sights
    }

    /// Draws the strip; `photo` maps a logical page to the photo the store keys it by (they differ in the feed);
    /// photos are fitted into `photoBox` (`SceneLayout.pageBox`, in the centred slot's frame), texts drawn at `scale`;
    /// a photo not decoded yet shows `thumbnail`'s texture of it when there is one; `marked` photos get a badge; each
    /// photo is turned and mirrored as `orientation` says. A photo being dragged down to the grid is drawn as `dismiss`
    /// poses it, over the backdrop the caller drew (the frame is not cleared then). A photo arriving is drawn as `fades`
    /// says at `time` over its placeholder.
    func paint(
        pager: Pager, store: any PageStore, renderer: any Canvas, photo: (PageIndex) -> PhotoID,
        feedEnd: FeedEndContent,
        time: Double, photoBox: PixelRect? = nil, scale: Double = 1,
        zoom: (photo: PhotoID, zoom: PhotoZoom, sharp: ZoomDetail.Sharp?)? = nil,
        thumbnail: (PhotoID) -> (any CanvasTexture)? = { _ in nil }, marked: (PhotoID) -> Bool = { _ in false },
        orientation: (PhotoID) -> ViewOrientation = { _ in .upright }, dismiss: DismissPose? = nil,
        fades: FadeIns = FadeIns()
    ) throws {
        if dismiss == nil {
            try renderer.setDrawColor(Self.background)
            try renderer.clear()
        }
        let height = try renderer.outputSize.height
        let extent = Int(pager.extent.rounded())
        // Pages may be decoded larger or smaller than they are shown (PageBudget, the status bar, the scale): they are
        // drawn at the page box's scale.
        let fit = photoBox ?? PixelRect(x: 0, y: 0, width: extent, height: height).centring(store.box)
        let box = fit.size
        for visible in pager.visibleSlots() {
            let slotRect = PixelRect(x: Int(visible.origin.rounded()), y: 0, width: extent, height: height)
            // Where a fitted photo is centred: the page box, moved with its slot.
            let fitRect = PixelRect(x: slotRect.x + fit.x, y: fit.y, width: fit.width, height: fit.height)
            switch visible.content {
            case .page(let page):
                let photo = photo(page)
                let oriented = orientation(photo)
                // Where a rectangle at rest is drawn: moved and shrunk while the photo is dragged down.
                let posed = { (rest: PixelRect) in dismiss?.photo == photo ? dismiss?.rect(atRest: rest) ?? rest : rest
                }
                if let texture = store.texture(forPhoto: photo, slot: visible.slot),
                    let zoom, zoom.photo == photo, zoom.zoom.isZoomed
                {
                    try paintZoomed(
                        texture, sharp: zoom.sharp, zoom.zoom, in: slotRect, orientation: oriented, renderer: renderer)
                } else if let texture = store.texture(forPhoto: photo, slot: visible.slot) {
                    let rect = posed(
                        fitRect.centring(store.shownSize(of: texture.size, in: box, orientation: oriented)))
                    let shown = fades.opacity(of: photo, at: time)
                    if shown < 1 {
                        let blending = texture.isBlending
                        try paintPlaceholder(in: rect, thumbnail: thumbnail(photo), renderer: renderer)
                        try texture.setAlphaModulation(UInt8((shown * 255).rounded()))
                        try texture.setBlendMode(blending: true)
                        try draw(texture, in: rect, oriented, renderer: renderer)
                        try texture.setAlphaModulation(255)
                        try texture.setBlendMode(blending: blending)
                    } else {
                        try draw(texture, in: rect, oriented, renderer: renderer)
                    }
                    if let note = store.damageNote(forPhoto: photo) {
                        try paintDamageBadge(note, in: rect, scale: scale, renderer: renderer)
                    }
                } else if let failure = store.failure(forPhoto: photo) {
                    try paintError(failure, in: posed(fitRect), scale: scale, renderer: renderer)
                } else {
                    try paintPlaceholder(
                        in: posed(fitRect.centring(store.placeholderSize(forPhoto: photo, in: box))),
                        thumbnail: thumbnail(photo), renderer: renderer)
                }
                if marked(photo) {
                    // On the photo as drawn, else on its placeholder's shape (failed or still coming).
                    let shown =
                        store.texture(forPhoto: photo, slot: visible.slot).map {
                            store.shownSize(of: $0.size, in: box, orientation: oriented)
                        }
                        ?? store.placeholderSize(forPhoto: photo, in: box)
                    try MarkBadge.paint(in: posed(fitRect.centring(shown)), renderer: renderer)
                }
            case .feedEnd:
                try self.feedEnd.paint(feedEnd, in: slotRect, time: time, scale: scale, renderer: renderer)
            case .empty:
                break
            }
        }
    }

    /// A photo's stand-in until its image is decoded: its thumbnail stretched to its shape when one is at hand, else
    /// one flat neutral box of its shape (no pattern: nothing flashes before the photo fades in).
    func paintPlaceholder(in rect: PixelRect, thumbnail: (any CanvasTexture)?, renderer: any Canvas) throws {
        if let thumbnail {
            try renderer.copy(thumbnail, to: rect)
            return
        }
        try renderer.setDrawColor(Self.placeholderTones.paper)
        try renderer.fill(rect)
    }

    /// A zoomed photo: scaled about the slot's centre and panned, clipped to its slot so neighbours stay clean; the
    /// sharp region, when one is held, drawn over its part of the picture (an upright photo's only: the region is cut
    /// from the stored picture).
    private func paintZoomed(
        _ texture: any CanvasTexture, sharp: ZoomDetail.Sharp?, _ zoom: PhotoZoom, in slot: PixelRect,
        orientation: ViewOrientation, renderer: any Canvas
    ) throws {
        let (left, top, width, height) = zoom.drawnFrame(
            inSlotX: Double(slot.x), y: Double(slot.y), width: Double(slot.width), height: Double(slot.height))
        try renderer.setClip(slot)
        defer { try? renderer.setClip(nil) }
        let rect = PixelRect(
            x: Int(left.rounded()), y: Int(top.rounded()), width: Int(width.rounded()), height: Int(height.rounded()))
        guard orientation == .upright else { return try draw(texture, in: rect, orientation, renderer: renderer) }
        try renderer.copy(texture, to: rect)
        guard let sharp, sharp.full.width > 0, sharp.full.height > 0 else { return }
        let scaleX = width / Double(sharp.full.width), scaleY = height / Double(sharp.full.height)
        let x0 = (left + Double(sharp.region.x) * scaleX).rounded()
        let y0 = (top + Double(sharp.region.y) * scaleY).rounded()
        let x1 = (left + Double(sharp.region.x + sharp.region.width) * scaleX).rounded()
        let y1 = (top + Double(sharp.region.y + sharp.region.height) * scaleY).rounded()
        try renderer.copy(
            sharp.texture, to: PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0)))
    }

    /// `texture` shown in `rect` turned and mirrored as `orientation` says: SDL turns the destination about its
    /// centre, so a quarter turn draws into the rectangle of swapped sides sharing `rect`'s centre.
    func draw(
        _ texture: any CanvasTexture, in rect: PixelRect, _ orientation: ViewOrientation, renderer: any Canvas
    ) throws {
        guard orientation != .upright else { return try renderer.copy(texture, to: rect) }
        let unturned =
            orientation.swapsSides
            ? PixelRect(
                x: rect.x + (rect.width - rect.height) / 2, y: rect.y + (rect.height - rect.width) / 2,
                width: rect.height, height: rect.width)
            : rect
        try renderer.copy(texture, to: unturned, rotatedBy: orientation.degrees, mirrored: orientation.mirrored)
    }

    /// A damaged photo's label, for a picture drawn `width` wide.
    private static func damageLabel(_ note: String, width: Int, scale: Double) -> TextRequest {
        TextRequest(
            text: "Damaged file: \(note)", pointSize: SceneLayout.px(12, scale: scale),
            color: RGBA(r: 255, g: 236, b: 236),
            fitting: max(width - 4 * SceneLayout.px(6, scale: scale), 1))
    }

    /// A small dark red label in the picture's top-left corner: "Damaged file", and why, over what did decode.
    private func paintDamageBadge(_ note: String, in rect: PixelRect, scale: Double, renderer: any Canvas) throws {
        let margin = SceneLayout.px(6, scale: scale)
        guard let label = try texts.texture(Self.damageLabel(note, width: rect.width, scale: scale)) else { return }
        let width = min(label.width, max(rect.width - 4 * margin, 0))
        let badge = PixelRect(
            x: rect.x + margin, y: rect.y + margin, width: width + 2 * margin, height: label.height + margin)
        try renderer.setDrawColor(RGBA(r: 150, g: 24, b: 32))
        try renderer.fill(badge)
        try renderer.copy(
            label, from: PixelRect(x: 0, y: 0, width: width, height: label.height),
            to: PixelRect(x: badge.x + margin, y: badge.y + margin / 2, width: width, height: label.height))
    }

    /// A failed photo's label, for a tile `width` wide.
    static func errorLabel(_ failure: DecodeFailure, width: Int, scale: Double) -> TextRequest {
        TextRequest(
            text: "Cannot show \(failure.description)", pointSize: SceneLayout.px(18, scale: scale),
            color: RGBA(r: 240, g: 220, b: 220), fitting: max(width, 1))
    }

    /// A dark red tile naming the file and why it cannot be shown.
    func paintError(_ failure: DecodeFailure, in rect: PixelRect, scale: Double, renderer: any Canvas) throws {
        try renderer.setDrawColor(RGBA(r: 70, g: 20, b: 24))
        try renderer.fill(rect)
        guard let label = try texts.texture(Self.errorLabel(failure, width: rect.width, scale: scale)) else { return }
        let width = min(label.width, rect.width)
        try renderer.copy(
            label, from: PixelRect(x: 0, y: 0, width: width, height: label.height),
            to: rect.centring(PixelSize(width: width, height: label.height)))
    }
}
