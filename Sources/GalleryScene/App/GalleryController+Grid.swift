import GalleryCore
import Imaging
import PagerEngine
import Support

/// Grid mode on the drawing side: its thumbnails, its painting, and the zoom between a cell and the pager's page box.
extension GalleryController {
    /// Asks for the thumbnails the grid wants (`GalleryModel.gridWants`, most urgent first) at its cell size, keeping
    /// `ThumbnailStore.gridScreens` screens of cells within the thumbnails' share of the cache budget; returns them.
    @discardableResult
    func updateGridThumbnails() -> [PhotoID] {
        guard let grid = model.grid ?? model.dismiss?.grid, let wants = model.gridWants else { return [] }
        let layout = grid.layout
        let box = PixelSize(width: layout.cellSide, height: layout.cellSide)
        thumbnails.want(
            wants.photos, size: box,
            capacity: ThumbnailStore.gridCapacity(
                shown: layout.mostVisibleCells, box: box, budgetBytes: PageBudget.thumbnailShare(of: budget.bytes)))
        return wants.photos
    }

    /// Each cell's file name, when the grid shows them (`c`); nil when it does not.
    var gridNames: ((PhotoID) -> String)? {
        guard model.settings.showsGridNames else { return nil }
        let library = library
        return { library.name(forPhoto: $0) }
    }

    /// Draws the grid at the model's time, with the page flying back into its cell over it while the zoom runs.
    func paintGrid() throws {
        guard let grid = model.grid else { return }
        let closing = drawing.gridZoom.flatMap { $0.direction == .closing && $0.isRunning(at: now) ? $0 : nil }
        try drawing.grid.prepare(grid: grid, time: now, names: gridNames, renderer: renderer)
        try drawing.grid.paint(
            grid: grid, time: now, thumbnails: thumbnails, renderer: renderer, marked: model.marks.contains,
            hiding: closing?.photo, names: gridNames)
        guard let closing else { return }
        let cell = grid.selectionCell(at: now)
        try paintFlying(closing, texture: closing.texture ?? thumbnails.texture(for: closing.photo), cell: cell)
    }

    /// Draws the photo flying out of its grid cell into the page box; `shown` are the pager's slots this frame, whose
    /// page textures were just filled (the page once decoded, the thumbnail until then).
    func paintOpeningZoom(_ zoom: GridZoom, shown: [(slot: Int, photo: PhotoID)]) throws {
        try renderer.setDrawColor(ScenePainter.background)
        try renderer.clear()
        let page = shown.first { $0.photo == zoom.photo }.flatMap { store.texture(forPhoto: $0.photo, slot: $0.slot) }
        try paintFlying(zoom, texture: page ?? zoom.texture, cell: zoom.cell ?? photoBox)
    }

    /// The zoom shown this frame when it opens a photo, nil otherwise.
    var openingGridZoom: GridZoom? {
        drawing.gridZoom.flatMap { $0.direction == .opening && $0.isRunning(at: now) ? $0 : nil }
    }

    /// Starts the flight of `photo` from `cell` into the pager (`GalleryEffect.zoomFromGrid`; the mode switch
    /// follows), with its thumbnail until the page is decoded.
    func startOpeningZoom(photo: PhotoID, cell: LayoutRect, at time: Double) {
        drawing.gridZoom = GridZoom(
            photo: photo, direction: .opening, start: time, cell: cell, texture: thumbnails.texture(for: photo))
    }

    /// Starts the flight of `photo` into its grid cell (`GalleryEffect.zoomIntoGrid`; the screen change follows),
    /// with the page texture drawn in the old pager's `slot`, from where a drag down let go of it (`pose`) or else
    /// from the page box.
    func startClosingZoom(photo: PhotoID, slot: Int?, from pose: DismissPose?, at time: Double) {
        let texture = slot.flatMap { store.texture(forPhoto: photo, slot: $0) }
        drawing.gridZoom = GridZoom(
            photo: photo, direction: .closing, start: time, cell: nil, texture: texture,
            from: pose.map { dismissedRect($0, photo: photo, texture: texture) })
    }

    /// Retires a landed zoom, or one the user moved away from (another photo, another mode); returns whether one
    /// was drawn this frame (another frame follows).
    func advanceGridZoom(to time: Double) -> Bool {
        guard let zoom = drawing.gridZoom else { return false }
        let stillShown =
            switch zoom.direction {
            case .opening: model.screen.isPager && model.currentPhoto == zoom.photo
            case .closing: model.grid?.selection == zoom.photo
            }
        if !stillShown || !zoom.isRunning(at: time) { drawing.gridZoom = nil }
        return true
    }

    /// Draws the grid a photo is dragged down to behind it (its own cell left empty), under the pager's background
    /// faded as `pose` says; the photo is drawn over it by the scene painter.
    func paintDismissBackdrop(_ pose: DismissPose) throws {
        if let grid = model.dismiss?.grid {
            try drawing.grid.prepare(grid: grid, time: now, names: gridNames, renderer: renderer)
            try drawing.grid.paint(
                grid: grid, time: now, thumbnails: thumbnails, renderer: renderer, marked: model.marks.contains,
                hiding: pose.photo, names: gridNames)
        }
        let output = try renderer.outputSize
        let background = ScenePainter.background
        try renderer.blend(
            PixelRect(x: 0, y: 0, width: output.width, height: output.height),
            color: RGBA(
                r: background.r, g: background.g, b: background.b,
                a: UInt8((min(max(pose.backgroundOpacity, 0), 1) * 255).rounded())))
    }

    /// Where the photo dragged down is drawn in `pose` (its fitted rectangle moved and shrunk), for the flight into
    /// the grid that starts there.
    func dismissedRect(_ pose: DismissPose, photo: PhotoID, texture: (any CanvasTexture)?) -> PixelRect {
        let size =
            texture.map { store.shownSize(of: $0.size, in: photoBox.size, orientation: model.orientation(of: photo)) }
            ?? store.placeholderSize(forPhoto: photo, in: photoBox.size)
        return pose.rect(atRest: photoBox.centring(size))
    }

    /// Draws `zoom`'s picture where its flight is now, between `cell` and the page box; a flat box when there is no
    /// picture yet; with the mark badge when the photo is marked.
    private func paintFlying(_ zoom: GridZoom, texture: (any CanvasTexture)?, cell: PixelRect) throws {
        let size = texture?.size ?? store.placeholderSize(forPhoto: zoom.photo, in: pageBox)
        let rect = zoom.rect(of: size, cell: cell, pageBox: photoBox, at: now)
        if let texture {
            try renderer.copy(texture, to: rect)
        } else {
            try renderer.setDrawColor(ScenePainter.placeholderTones.paper)
            try renderer.fill(rect)
        }
        if model.marks.contains(zoom.photo) { try MarkBadge.paint(in: rect, renderer: renderer) }
    }
}
