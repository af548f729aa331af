import GalleryCore
import Imaging
import PagerEngine
import Support

/// The grid on the canvas: its cells painted with their thumbnails, the thumbnails it keeps decoded, the grid drawn
/// behind a photo dragged down to it, and the flight of a photo between its cell and the page box (`GridZoom`).
@MainActor
struct GridPresenter: ScreenPresenter {
    /// Draws the cells.
    let painter: GridPainter
    /// The photo flying between a grid cell and the page box, while it flies (and one frame after it lands).
    var flight: GridZoom?

    /// Asks for the thumbnails the grid wants (`GalleryModel.gridWants`, most urgent first) at its cell size, keeping
    /// `ThumbnailStore.gridScreens` screens of cells within the thumbnails' share of the cache budget; returns them.
    @discardableResult
    func wantThumbnails(in frame: FrameContext) -> [PhotoID] {
        guard let grid = frame.model.screen.grid ?? frame.model.dismiss?.grid, let wants = frame.model.gridWants else {
            return []
        }
        let layout = grid.layout
        let box = PixelSize(width: layout.cellSide, height: layout.cellSide)
        frame.thumbnails.want(
            wants.photos, size: box,
            capacity: ThumbnailStore.gridCapacity(
                shown: layout.mostVisibleCells, box: box, budgetBytes: frame.thumbnailBytes))
        return wants.photos
    }

    /// Each cell's file name, when the grid shows them (`c`); nil when it does not.
    private func names(in frame: FrameContext) -> ((PhotoID) -> String)? {
        guard frame.model.settings.showsGridNames else { return nil }
        let library = frame.library
        return { library.name(forPhoto: $0) }
    }

    /// The grid's cells, and its selection decoded at rest for the zoom into it: once the cells on screen are in,
    /// since on two cores the page's decode would hold the first screen of thumbnails back.
    func wantDecodes(with drawing: SceneDrawing, in frame: FrameContext) -> ResidencyStrip? {
        let wanted = wantThumbnails(in: frame)
        guard let grid = frame.model.screen.grid, frame.thumbnails.hasShown(wanted.prefix(grid.layout.mostVisibleCells))
        else { return nil }
        return ResidencyStrip(
            position: Double(grid.selection.rawValue), velocity: 0, pageCount: frame.model.photoCount, wraps: false,
            standIn: nil)
    }

    /// Draws the grid at the frame's time, with the page flying back into its cell over it while the flight runs.
    func paint(
        with drawing: SceneDrawing, scale: Double, in frame: FrameContext,
        upload: ([(slot: Int, photo: PhotoID)]) throws -> Void
    ) throws {
        guard let grid = frame.model.screen.grid else { return }
        let closing = flight.flatMap { $0.direction == .closing && $0.isRunning(at: frame.now) ? $0 : nil }
        try paintCells(grid, hiding: closing?.photo, in: frame)
        guard let closing else { return }
        try paintFlying(
            closing, texture: closing.texture ?? frame.thumbnails.texture(for: closing.photo),
            cell: grid.selectionCell(at: frame.now), in: frame)
    }

    /// Draws the cells of `grid`, leaving `hiding`'s empty.
    private func paintCells(_ grid: GridModel, hiding: PhotoID?, in frame: FrameContext) throws {
        let names = names(in: frame)
        try painter.prepare(grid: grid, time: frame.now, names: names, renderer: frame.renderer)
        try painter.paint(
            grid: grid, time: frame.now, thumbnails: frame.thumbnails, renderer: frame.renderer,
            marked: frame.model.marks.contains, hiding: hiding, names: names)
    }

    /// The flight shown this frame when it opens a photo, nil otherwise.
    func openingFlight(at time: Double) -> GridZoom? {
        flight.flatMap { $0.direction == .opening && $0.isRunning(at: time) ? $0 : nil }
    }

    /// Draws the photo flying out of its grid cell into the page box; `shown` are the pager's slots this frame, whose
    /// page textures were just filled (the page once decoded, the thumbnail until then).
    func paintOpening(_ zoom: GridZoom, shown: [(slot: Int, photo: PhotoID)], in frame: FrameContext) throws {
        try frame.renderer.setDrawColor(ScenePainter.background)
        try frame.renderer.clear()
        let page = shown.first { $0.photo == zoom.photo }.flatMap {
            frame.store.texture(forPhoto: $0.photo, slot: $0.slot)
        }
        try paintFlying(zoom, texture: page ?? zoom.texture, cell: zoom.cell ?? frame.photoBox, in: frame)
    }

    /// Starts the flight of `photo` from `cell` into the pager (`GalleryEffect.zoomFromGrid`; the mode switch
    /// follows), with its `thumbnail` until the page is decoded.
    mutating func startOpening(photo: PhotoID, cell: LayoutRect, thumbnail: (any CanvasTexture)?, at time: Double) {
        flight = GridZoom(photo: photo, direction: .opening, start: time, cell: cell, texture: thumbnail)
    }

    /// Starts the flight of `photo` into its grid cell (`GalleryEffect.zoomIntoGrid`; the screen change follows),
    /// with the page texture drawn in the old pager's `slot`, from where a drag down let go of it (`pose`) or else
    /// from the page box.
    mutating func startClosing(
        photo: PhotoID, slot: Int?, from pose: DismissPose?, at time: Double, in frame: FrameContext
    ) {
        let texture = slot.flatMap { frame.store.texture(forPhoto: photo, slot: $0) }
        flight = GridZoom(
            photo: photo, direction: .closing, start: time, cell: nil, texture: texture,
            from: pose.map { Self.dismissedRect($0, photo: photo, texture: texture, in: frame) })
    }

    /// Retires a landed flight, or one the user moved away from (another photo, another mode); returns whether one
    /// was drawn this frame (another frame follows).
    mutating func advance(to time: Double, model: GalleryModel) -> Bool {
        guard let zoom = flight else { return false }
        let stillShown =
            switch zoom.direction {
            case .opening: model.screen.isPager && model.currentPhoto == zoom.photo
            case .closing: model.screen.grid?.selection == zoom.photo
            }
        if !stillShown || !zoom.isRunning(at: time) { flight = nil }
        return true
    }

    /// Draws the grid a photo is dragged down to behind it (its own cell left empty), under the pager's background
    /// faded as `pose` says; the photo is drawn over it by the scene painter.
    func paintDismissBackdrop(_ pose: DismissPose, in frame: FrameContext) throws {
        if let grid = frame.model.dismiss?.grid { try paintCells(grid, hiding: pose.photo, in: frame) }
        let output = try frame.renderer.outputSize
        let background = ScenePainter.background
        try frame.renderer.blend(
            PixelRect(x: 0, y: 0, width: output.width, height: output.height),
            color: RGBA(
                r: background.r, g: background.g, b: background.b,
                a: UInt8((min(max(pose.backgroundOpacity, 0), 1) * 255).rounded())))
    }

    /// Where the photo dragged down is drawn in `pose` (its fitted rectangle moved and shrunk), for the flight into
    /// the grid that starts there.
    private static func dismissedRect(
        _ pose: DismissPose, photo: PhotoID, texture: (any CanvasTexture)?, in frame: FrameContext
    ) -> PixelRect {
        let box = frame.photoBox
        let size =
            texture.map {
                frame.store.shownSize(of: $0.size, in: box.size, orientation: frame.model.orientation(of: photo))
            } ?? frame.store.placeholderSize(forPhoto: photo, in: box.size)
        return pose.rect(atRest: box.centring(size))
    }

    /// Draws `zoom`'s picture where its flight is now, between `cell` and the page box; a flat box when there is no
    /// picture yet; with the mark badge when the photo is marked.
    private func paintFlying(
        _ zoom: GridZoom, texture: (any CanvasTexture)?, cell: PixelRect, in frame: FrameContext
    ) throws {
        let size = texture?.size ?? frame.store.placeholderSize(forPhoto: zoom.photo, in: frame.photoBox.size)
        let rect = zoom.rect(of: size, cell: cell, pageBox: frame.photoBox, at: frame.now)
        if let texture {
            try frame.renderer.copy(texture, to: rect)
        } else {
            try frame.renderer.setDrawColor(ScenePainter.placeholderTones.paper)
            try frame.renderer.fill(rect)
        }
        if frame.model.marks.contains(zoom.photo) { try MarkBadge.paint(in: rect, renderer: frame.renderer) }
    }
}
