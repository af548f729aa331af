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

    /// The photos the grid wants decoded as thumbnails, most urgent first (for `ThumbnailStore.want`), and the
    /// freedesktop size to ask the cache for; nil outside the grid, except behind a photo dragged down to it.
    public var gridWants: (photos: [PhotoID], flavour: ThumbnailFlavour)? {
        guard let grid = screen.grid ?? dismiss?.grid else { return nil }
        return (grid.decodeOrder(at: now), grid.layout.thumbnailFlavour)
    }

    /// The thumbnails the grid shown asks for first: its most visible cells' photos, most urgent first, and the side
    /// of a cell, which they are decoded at; nil outside the grid.
    public var gridFirstThumbnails: (photos: ArraySlice<PhotoID>, cellSide: Int)? {
        guard let grid = screen.grid else { return nil }
        return (grid.decodeOrder(at: now).prefix(grid.layout.mostVisibleCells), grid.layout.cellSide)
    }
}
