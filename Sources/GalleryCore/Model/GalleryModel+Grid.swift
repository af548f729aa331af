import PagerEngine
import Support

/// The grid mode (F7, Enter and `t` from a pager), whose input `GridModel` handles itself; a photo it opens shows in
/// the pager with `zoomFromGrid` carrying its cell. No pager exists while it shows: what reads the current photo (the
/// page information, the status line, the title, the marks, the residency, which decodes the selected photo ahead of
/// the zoom into it) reads the selection (`currentPage`).
extension GalleryModel {
    /// The grid as it opens on `photo` in `viewport`: at its size and scale, the size step given, `photo`'s row near
    /// the middle.
    static func grid(
        on photo: PhotoID, viewport: Viewport, sizeStep: Int, photoCount: Int, clickSlop: Double
    ) -> GridModel {
        let layout = GridLayout(
            width: Int(viewport.width), height: Int(viewport.height), scale: viewport.scale, sizeStep: sizeStep,
            photoCount: photoCount)
        return GridModel(layout: layout, selection: photo, clickSlop: clickSlop)
    }

    /// The grid as it opens on `photo` now, at the last size step (a drag down draws this grid behind the photo
    /// before it opens).
    func makeGrid(on photo: PhotoID) -> GridModel {
        Self.grid(
            on: photo, viewport: viewport, sizeStep: settings.gridSizeStep, photoCount: photoCount,
            clickSlop: settings.configuration.dragSlop)
    }

    /// Whether the grid's scroll still moves at `time` (another frame is needed).
    public func gridIsAnimating(at time: Double) -> Bool {
        grid?.isAnimating(at: time) ?? false
    }

    /// The photos the grid wants decoded as thumbnails, most urgent first (for `ThumbnailStore.want`), and the
    /// freedesktop size to ask the cache for; nil outside the grid, except behind a photo dragged down to it.
    public var gridWants: (photos: [PhotoID], flavour: ThumbnailFlavour)? {
        guard let grid = grid ?? dismiss?.grid else { return nil }
        return (grid.decodeOrder(at: now), grid.layout.thumbnailFlavour)
    }

    /// Hands an input to the grid while it shows (`GridModel` handles its own) and carries out what it asks: a photo
    /// opened in the pager mode used before the grid, the painter zooming it from its cell. Nil when the grid does not
    /// show or did not take the input.
    mutating func inGrid(at time: Double, _ input: (inout GridModel) -> GridResponse) -> [GalleryEffect]? {
        guard case .grid(var grid, let back) = screen else { return nil }
        let response = input(&grid)
        screen = .grid(grid, returnTo: back)
        // The thumbnail size is kept for the next visit.
        settings.gridSizeStep = grid.layout.sizeStep
        switch response {
        case .notTaken: return nil
        case .taken: return []
        case .open(let photo, let cell):
            guard photoCount > 0 else { return [] }
            return [.zoomFromGrid(photo: photo, cell: cell)]
                + switchMode(to: GalleryMode(back), at: time, showing: photo, droppedAt: nil)
        }
    }

    /// Ctrl + wheel or a pinch in the grid: steps the thumbnail size (larger for `factor` above 1). Returns whether
    /// the grid took it (outside the grid the photo zooms instead).
    @discardableResult
    mutating func zoomGrid(by factor: Double) -> Bool {
        inGrid(at: now, taking: { $0.zoom(by: factor) }) != nil
    }

    /// Hands the grid an input it always takes (a scroll, a size step); nil when the grid does not show.
    mutating func inGrid(at time: Double, taking input: (inout GridModel) -> Void) -> [GalleryEffect]? {
        inGrid(at: time) { grid in
            input(&grid)
            return .taken
        }
    }

    /// A feed's append while the grid shows: more cells, the place kept.
    mutating func growGrid(at time: Double) {
        let count = photoCount
        withGrid { $0.setPhotoCount(count, at: time) }
    }
}
