import Logging
import PagerEngine

/// Draws one frame of the strip: pages fitted on a dark background, placeholders, error tiles.
final class ScenePainter {
    /// The dark background between and around pages.
    static let background = RGBA(r: 18, g: 18, b: 20)
    /// Placeholder cell size in pixels (seed 003's pattern cell).
    static let placeholderCell = 32

    private let logger = Logger(label: "gallery.paint")
    private var placeholder: (renderer: ObjectIdentifier, texture: Texture)?
    private var errorTiles: [Int: (renderer: ObjectIdentifier, texture: Texture)] = [:]
    private var damageBadges: [String: (renderer: ObjectIdentifier, texture: Texture)] = [:]
    private lazy var badgeText: TextRenderer? = {
        do { return try TextRenderer(pointSize: 12) } catch {
            logger.warning("no font for damage badges: \(error)")
            return nil
        }
    }()
    private lazy var text: TextRenderer? = {
        do { return try TextRenderer(pointSize: 18) } catch {
            logger.warning("no font for error tiles: \(error)")
            return nil
        }
    }()

    func paint(pager: Pager, store: any PageStore, renderer: Renderer) throws {
        try renderer.setDrawColor(Self.background)
        try renderer.clear()
        let height = try renderer.outputSize.height
        let extent = Int(pager.extent.rounded())
        let box = store.box
        for visible in pager.visibleSlots() {
            let slotRect = PixelRect(x: Int(visible.origin.rounded()), y: 0, width: extent, height: height)
            switch visible.content {
            case .page(let page):
                if let texture = try store.texture(forPage: page, slot: visible.slot) {
                    let pictureRect = slotRect.centring(texture.size)
                    try renderer.copy(texture, to: pictureRect)
                    if let note = store.damageNote(forPage: page) {
                        try paintDamageBadge(note, in: pictureRect, renderer: renderer)
                    }
                } else if let failure = store.failure(forPage: page) {
                    try paintError(failure, page: page, in: slotRect.centring(box), renderer: renderer)
                } else {
                    try paintPlaceholder(in: slotRect.centring(box), renderer: renderer)
                }
            case .feedEnd, .empty:
                break
            }
        }
    }

    /// Seed 003's chequered flag, tiled over the page's box until its image is decoded.
    private func paintPlaceholder(in rect: PixelRect, renderer: Renderer) throws {
        let id = ObjectIdentifier(renderer)
        if placeholder?.renderer != id {
            let tile = try PlaceholderPattern.chequeredFlag.makeTile(cellSize: Self.placeholderCell)
            placeholder = (id, try renderer.makeTexture(from: tile))
        }
        guard let texture = placeholder?.texture else { return }
        try renderer.setClip(rect)
        defer { try? renderer.setClip(nil) }
        var y = rect.y
        while y < rect.y + rect.height {
            var x = rect.x
            while x < rect.x + rect.width {
                try renderer.copy(texture, to: PixelRect(x: x, y: y, width: texture.width, height: texture.height))
                x += texture.width
            }
            y += texture.height
        }
    }

    /// A small dark red label in the picture's top-left corner: "Damaged file", and why, over what did decode.
    private func paintDamageBadge(_ note: String, in rect: PixelRect, renderer: Renderer) throws {
        let id = ObjectIdentifier(renderer)
        if damageBadges[note]?.renderer != id, let badgeText {
            let surface = try badgeText.render("Damaged file: \(note)", color: RGBA(r: 255, g: 236, b: 236))
            damageBadges[note] = (id, try renderer.makeTexture(from: surface))
        }
        guard let label = damageBadges[note]?.texture else { return }
        let margin = 6
        let width = min(label.width, max(rect.width - 4 * margin, 0))
        let badge = PixelRect(x: rect.x + margin, y: rect.y + margin, width: width + 2 * margin,
                              height: label.height + margin)
        try renderer.setDrawColor(RGBA(r: 150, g: 24, b: 32))
        try renderer.fill(badge)
        try renderer.copy(
            label, from: PixelRect(x: 0, y: 0, width: width, height: label.height),
            to: PixelRect(x: badge.x + margin, y: badge.y + margin / 2, width: width, height: label.height))
    }

    /// A dark red tile naming the file and why it cannot be shown.
    private func paintError(_ failure: DecodeFailure, page: Int, in rect: PixelRect, renderer: Renderer) throws {
        try renderer.setDrawColor(RGBA(r: 70, g: 20, b: 24))
        try renderer.fill(rect)
        let id = ObjectIdentifier(renderer)
        if errorTiles[page]?.renderer != id, let text {
            let surface = try text.render("Cannot show \(failure.description)", color: RGBA(r: 240, g: 220, b: 220))
            errorTiles[page] = (id, try renderer.makeTexture(from: surface))
        }
        guard let label = errorTiles[page]?.texture else { return }
        let width = min(label.width, rect.width)
        try renderer.copy(
            label, from: PixelRect(x: 0, y: 0, width: width, height: label.height),
            to: rect.centring(PixelSize(width: width, height: label.height)))
    }
}
