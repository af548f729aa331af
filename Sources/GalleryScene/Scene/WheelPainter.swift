import GalleryCore
import Imaging
import PagerEngine
import Support

/// Draws wheel mode: rows of a thumbnail and a file name riding a circle arc over a tiled pattern, the
/// centred row highlighted.
@MainActor
final class WheelPainter {
    /// The horizontal radius as a fraction of the vertical one: 1 is a circle.
    static let radiusRatio = 1.0
    /// Pixels between a row's card and its slot, and between the card's edge and its contents.
    nonisolated static let margin = SceneLayout.wheelMargin
    /// The background pattern's two close, dark tones (`PlaceholderPattern.circles`, quiet).
    static let backgroundTones = (paper: RGBA(r: 24, g: 25, b: 29), ink: RGBA(r: 34, g: 36, b: 42))

    private let texts: TextCache
    private var background: (any CanvasTexture)?
    private var placeholder: (any CanvasTexture)?

    init(texts: TextCache) {
        self.texts = texts
    }

    /// The layout for `pager`'s viewport, less `reserved` pixels along the bottom (the status bar): one row per slot
    /// extent, the arc, its centred row and as many rows as without the bar in the part above (rows shrink by the
    /// bar's share of the height, so none hides under it).
    static func layout(for pager: Pager, direction: WheelDirection, reserved: Int = 0) -> WheelLayout {
        let height = max(pager.viewport.height - Double(reserved), 1)
        return WheelLayout(
            rowHeight: pager.extent * height / max(pager.viewport.height, 1), viewportWidth: pager.viewport.width,
            viewportHeight: height, radiusRatio: radiusRatio, direction: direction)
    }

    /// The box a row's thumbnail is fitted into.
    static func thumbnailBox(for layout: WheelLayout) -> PixelSize {
        let side = max(Int(layout.rowHeight) - 4 * margin, 1)
        return PixelSize(width: side, height: side)
    }

    /// Makes what `paint` draws from textures, given the same inputs: the background at the output's size, the
    /// placeholder at the thumbnail box's, and each row's name and index. Runs before painting, so painting only draws.
    func prepare(
        pager: Pager, direction: WheelDirection, scene: SceneLayout, library: PageLibrary, renderer: any Canvas
    ) throws {
        let size = try renderer.outputSize
        if background?.canvas !== renderer || background?.size != size {
            background = nil
            background = try Self.makeBackground(size: size, renderer: renderer)
        }
        let box = Self.thumbnailBox(
            for: Self.layout(for: pager, direction: direction, reserved: size.height - scene.photoArea.height))
        if placeholder?.canvas !== renderer || placeholder?.size != box {
            placeholder = nil
            placeholder = try Self.makePlaceholder(box: box, renderer: renderer)
        }
        let centreSlot = Self.centreSlot(of: pager)
        try texts.prepare(
            scene.wheelRows.flatMap { row in
                let texts = Self.rowTexts(
                    row, centred: row.slot == centreSlot,
                    thumbnail: Self.thumbnailRect(in: row.card, box: box, scene: scene),
                    scene: scene, library: library)
                return [texts.name, texts.index]
            }, renderer: renderer)
    }

    /// The slot of the row drawn highlighted.
    private static func centreSlot(of pager: Pager) -> Int { Int((pager.slotPosition + 0.5).rounded(.down)) }

    /// Where a row's thumbnail goes in its card: never wider than the card leaves room for (the scaled margins eat
    /// into it).
    private static func thumbnailRect(in card: PixelRect, box: PixelSize, scene: SceneLayout) -> PixelRect {
        let side = min(box.width, max(card.height - 2 * scene.px(margin), 1))
        return PixelRect(
            x: card.x + scene.px(margin) + scene.px(4), y: card.y + (card.height - side) / 2, width: side, height: side)
    }

    /// A row's file name and index ("3 / 12"), and where they start: right of the thumbnail.
    private static func rowTexts(
        _ row: SceneLayout.WheelRowBox, centred: Bool, thumbnail: PixelRect, scene: SceneLayout, library: PageLibrary
    ) -> (name: TextRequest, index: TextRequest, left: Int) {
        let card = row.card
        let left = thumbnail.maxX + scene.px(16)
        let room = max(card.x + card.width - left - scene.px(margin), 1)
        let sizes = SceneLayout.wheelTextPointSizes(cardHeight: card.height, scale: scene.scale)
        // The wheel lists the whole library in order: row r shows photo r.
        let name = TextRequest(
            text: library.name(forPhoto: PhotoID(row.row)), pointSize: sizes.name,
            color: centred ? RGBA(r: 245, g: 245, b: 250) : RGBA(r: 190, g: 192, b: 200), fitting: room)
        let index = TextRequest(
            text: "\(row.row + 1) / \(library.count)", pointSize: sizes.index, color: RGBA(r: 130, g: 134, b: 146),
            fitting: room)
        return (name, index, left)
    }

    /// Draws the wheel's rows where `scene` puts their cards, cut at its photo area (rows slide under the status bar
    /// as under the window's edge); `marked` photos' thumbnails get a badge. The textures are those `prepare` made for
    /// the same inputs.
    func paint(
        pager: Pager, direction: WheelDirection, scene: SceneLayout, library: PageLibrary, thumbnails: ThumbnailStore,
        renderer: any Canvas, marked: (PhotoID) -> Bool = { _ in false }
    ) throws {
        let size = try renderer.outputSize
        if let background { try renderer.copy(background, to: PixelRect(size: size)) }
        let layout = Self.layout(for: pager, direction: direction, reserved: size.height - scene.photoArea.height)
        let centreSlot = Self.centreSlot(of: pager)
        let box = Self.thumbnailBox(for: layout)
        try renderer.setClip(scene.photoArea)
        defer { try? renderer.setClip(nil) }
        for row in scene.wheelRows {
            let card = row.card
            let centred = row.slot == centreSlot
            try renderer.setDrawColor(centred ? RGBA(r: 58, g: 62, b: 74) : RGBA(r: 36, g: 38, b: 45))
            try renderer.fill(card)
            if centred {
                try renderer.setDrawColor(RGBA(r: 120, g: 170, b: 255))
                try renderer.fill(PixelRect(x: card.x, y: card.y, width: scene.px(4), height: card.height))
            }
            let thumbRect = Self.thumbnailRect(in: card, box: box, scene: scene)
            // The wheel lists the whole library in order: row r shows photo r.
            let photo = PhotoID(row.row)
            if let thumbnail = thumbnails.texture(for: photo) {
                let fits = thumbnail.width <= thumbRect.width && thumbnail.height <= thumbRect.height
                let fitted = fits ? thumbnail.size : thumbnail.size.fitted(inside: thumbRect.size)
                try renderer.copy(thumbnail, to: thumbRect.centring(fitted))
            } else if thumbnails.hasFailed(photo) {
                try renderer.setDrawColor(RGBA(r: 70, g: 20, b: 24))
                try renderer.fill(thumbRect)
            } else if let placeholder {
                try renderer.copy(placeholder, to: thumbRect)
            }
            if marked(photo) { try MarkBadge.paint(in: thumbRect, renderer: renderer) }
            let texts = Self.rowTexts(row, centred: centred, thumbnail: thumbRect, scene: scene, library: library)
            try paintName(
                texts.name, index: texts.index, left: texts.left, card: card, scene: scene, renderer: renderer)
        }
    }

    private func paintName(
        _ name: TextRequest, index: TextRequest, left: Int, card: PixelRect, scene: SceneLayout, renderer: any Canvas
    ) throws {
        let room = max(card.x + card.width - left - scene.px(Self.margin), 1)
        guard let title = try texts.texture(name), let subtitle = try texts.texture(index) else { return }
        var y = card.y + (card.height - title.height - subtitle.height) / 2
        for texture in [title, subtitle] {
            let width = min(texture.width, room)
            try renderer.copy(
                texture, from: PixelRect(x: 0, y: 0, width: width, height: texture.height),
                to: PixelRect(x: left, y: y, width: width, height: texture.height))
            y += texture.height
        }
    }

    /// Circles in two dark tones: one cell drawn once, tiled once into a viewport-sized texture.
    private static func makeBackground(size: PixelSize, renderer: any Canvas) throws -> any CanvasTexture {
        let tones = Self.backgroundTones
        let tile = try PlaceholderPattern.circles.makeTile(cellSize: 48, paper: tones.paper, ink: tones.ink)
        return try renderer.makeTexture(from: try tile.tiled(to: size))
    }

    /// The chequered flag in two dark tones, for a thumbnail still decoding.
    private static func makePlaceholder(box: PixelSize, renderer: any Canvas) throws -> any CanvasTexture {
        let tile = try PlaceholderPattern.chequeredFlag.makeTile(
            cellSize: 16, paper: RGBA(r: 44, g: 46, b: 54), ink: RGBA(r: 52, g: 55, b: 64))
        return try renderer.makeTexture(from: try tile.tiled(to: box))
    }
}
