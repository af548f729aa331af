import GalleryCore
import Imaging
import PagerEngine
import Support

/// Draws grid mode as a pure function of the grid's state at the frame's time and the thumbnails held: the visible
/// rows' thumbnails fitted in their squares (a flat box while one is still coming, a no-entry mark where one failed),
/// the marked photos' badges, the selection's outline and the scroll thumb, and with `c` each file name under its
/// thumbnail (the thumbnail fitted above it, in the same cell, so clicks hit the same cells). Only the visible rows are
/// drawn, so a grid of 100,000 photos costs what the rows on screen cost.
@MainActor
final class GridPainter {
    /// The file names' colour: the wheel's names'.
    static let nameColor = RGBA(r: 190, g: 192, b: 200)
    /// The file names' size in points (scaled with the layout).
    static let namePoints = 11.0

    /// Where the names' textures are made.
    private let texts: TextCache

    /// A painter drawing its texts from `texts`.
    init(texts: TextCache) {
        self.texts = texts
    }

    /// The name under `cell` and where it goes: the strip at the cell's bottom, the thumbnail above it.
    static func nameLayout(
        of cell: GridCell, name: String, scale: Double
    ) -> (request: TextRequest, strip: PixelRect, thumbnail: PixelRect) {
        let points = max(Int((namePoints * scale).rounded()), 1)
        let height = min(points * 3 / 2 + 2, cell.rect.height / 2)
        let strip = PixelRect(x: cell.rect.x, y: cell.rect.maxY - height, width: cell.rect.width, height: height)
        let thumbnail = PixelRect(
            x: cell.rect.x, y: cell.rect.y, width: cell.rect.width, height: cell.rect.height - height)
        let request = TextRequest(text: name, pointSize: points, color: nameColor, fitting: max(cell.rect.width, 1))
        return (request, strip, thumbnail)
    }

    /// Makes the textures of the visible cells' names (`names` given) before painting.
    func prepare(grid: GridModel, time: Double, names: ((PhotoID) -> String)?, renderer: any Canvas) throws {
        guard let names else { return }
        let layout = grid.layout
        try texts.prepare(
            layout.visibleCells(offset: grid.offset(at: time)).map {
                Self.nameLayout(of: $0, name: names($0.photo), scale: layout.scale).request
            }, renderer: renderer)
    }
    /// The background between cells: the pager's.
    static let background = ScenePainter.background
    /// A cell whose thumbnail is still coming: the pager's placeholder tone, so nothing flashes.
    static let placeholder = ScenePainter.placeholderTones.paper
    /// A cell whose photo cannot be shown: the error tile's dark red, with a lighter bar across (a no-entry sign).
    static let failure = (tile: RGBA(r: 70, g: 20, b: 24), bar: RGBA(r: 200, g: 90, b: 96))
    /// The selection's outline: the wheel's accent blue.
    static let outline = RGBA(r: 120, g: 170, b: 255)
    /// The scroll thumb: a light grey that shows on the dark background.
    static let thumb = RGBA(r: 150, g: 154, b: 166)

    /// Draws `grid` at `time`; `hiding` is a photo drawn elsewhere this frame (flying in or out of the pager), whose
    /// cell stays empty.
    func paint(
        grid: GridModel, time: Double, thumbnails: ThumbnailStore, renderer: any Canvas,
        marked: (PhotoID) -> Bool = { _ in false }, hiding: PhotoID? = nil, names: ((PhotoID) -> String)? = nil
    ) throws {
        try renderer.setDrawColor(Self.background)
        try renderer.clear()
        let offset = grid.offset(at: time)
        let layout = grid.layout
        for cell in layout.visibleCells(offset: offset) where cell.photo != hiding {
            var thumbnailCell = cell
            if let names {
                let placed = Self.nameLayout(of: cell, name: names(cell.photo), scale: layout.scale)
                thumbnailCell.rect = placed.thumbnail
                if let texture = try texts.texture(placed.request) {
                    let size = texture.size
                    try renderer.copy(
                        texture,
                        to: PixelRect(
                            x: placed.strip.x + (placed.strip.width - size.width) / 2,
                            y: placed.strip.y + (placed.strip.height - size.height) / 2, width: size.width,
                            height: size.height))
                }
            }
            let shown = try paintCell(thumbnailCell, thumbnails: thumbnails, renderer: renderer)
            if marked(cell.photo) { try MarkBadge.paint(in: shown, renderer: renderer) }
        }
        if grid.selection != hiding {
            try paintOutline(layout.outline(photo: grid.selection, offset: offset), layout: layout, renderer: renderer)
        }
        if let thumb = layout.scrollThumb(offset: offset) {
            try renderer.setDrawColor(Self.thumb)
            try renderer.fill(thumb)
        }
    }

    /// Where `photo`'s thumbnail of `size` is drawn in `cell`: fitted and centred (never enlarged past the cell).
    static func fittedRect(of size: PixelSize, in cell: PixelRect) -> PixelRect {
        let fits = size.width <= cell.width && size.height <= cell.height
        return cell.centring(fits ? size : size.fitted(inside: cell.size))
    }

    /// One cell; returns the rectangle drawn (the badge goes in its corner).
    private func paintCell(_ cell: GridCell, thumbnails: ThumbnailStore, renderer: any Canvas) throws -> PixelRect {
        if let texture = thumbnails.texture(for: cell.photo) {
            let rect = Self.fittedRect(of: texture.size, in: cell.rect)
            try renderer.copy(texture, to: rect)
            return rect
        }
        if thumbnails.hasFailed(cell.photo) {
            try renderer.setDrawColor(Self.failure.tile)
            try renderer.fill(cell.rect)
            let bar = PixelRect(
                x: cell.rect.x + cell.rect.width / 4, y: cell.rect.y + cell.rect.height * 7 / 16,
                width: cell.rect.width / 2, height: max(cell.rect.height / 8, 1))
            try renderer.setDrawColor(Self.failure.bar)
            try renderer.fill(bar)
            return cell.rect
        }
        try renderer.setDrawColor(Self.placeholder)
        try renderer.fill(cell.rect)
        return cell.rect
    }

    /// The ring between `outline` and the cell inside it, `GridLayout.outlinePoints` thick.
    private func paintOutline(_ outline: PixelRect, layout: GridLayout, renderer: any Canvas) throws {
        let stroke = SceneLayout.px(GridLayout.outlinePoints, scale: layout.scale)
        try renderer.setDrawColor(Self.outline)
        try renderer.fill(rects: [
            PixelRect(x: outline.x, y: outline.y, width: outline.width, height: stroke),
            PixelRect(x: outline.x, y: outline.maxY - stroke, width: outline.width, height: stroke),
            PixelRect(x: outline.x, y: outline.y, width: stroke, height: outline.height),
            PixelRect(x: outline.maxX - stroke, y: outline.y, width: stroke, height: outline.height),
        ])
    }
}
