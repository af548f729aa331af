import PagerEngine
import Support

/// The grid mode (F7, Enter and `t` from a pager): keys move the selection, the pointer, touchpad and wheel scroll
/// the rows, a click or Enter opens the pager on a photo with `zoomFromGrid` carrying its cell. No pager exists while
/// it shows: what reads the current photo (the page information, the status line, the title, the marks, the
/// residency, which decodes the selected photo ahead of the zoom into it) reads the selection (`currentPage`).
extension GalleryModel {
    /// The grid as it opens on `photo` in `viewport`: at its size and scale, the size step given, `photo`'s row near
    /// the middle.
    static func grid(on photo: PhotoID, viewport: Viewport, sizeStep: Int, photoCount: Int) -> GridModel {
        let layout = GridLayout(
            width: Int(viewport.width), height: Int(viewport.height), scale: viewport.scale, sizeStep: sizeStep,
            photoCount: photoCount)
        return GridModel(layout: layout, selection: photo)
    }

    /// The grid as it opens on `photo` now, at the last size step (a drag down draws this grid behind the photo
    /// before it opens).
    func makeGrid(on photo: PhotoID) -> GridModel {
        Self.grid(on: photo, viewport: viewport, sizeStep: gridSizeStep, photoCount: photoCount)
    }

    /// Whether the grid's scroll still moves at `time` (another frame is needed).
    public func gridIsAnimating(at time: Double) -> Bool {
        grid?.isAnimating(at: time) ?? false
    }

    /// The photos the grid wants decoded as thumbnails, most urgent first (for `ThumbnailStore.want`), and the
    /// freedesktop size to ask the cache for; nil outside the grid, except behind a photo dragged down to it.
    public var gridWants: (photos: [PhotoID], flavour: ThumbnailFlavour)? {
        guard let grid = grid ?? dismissGrid else { return nil }
        return (grid.decodeOrder(at: now), grid.layout.thumbnailFlavour)
    }

    /// Ctrl + wheel in the grid: steps the thumbnail size (larger for `factor` above 1). Returns whether the grid took
    /// it (outside the grid the photo zooms instead).
    mutating func zoomGrid(by factor: Double) -> Bool {
        guard case .grid = screen else { return false }
        if factor.isFinite, factor != 1 { stepGridSize(by: factor > 1 ? 1 : -1) }
        return true
    }

    /// A command in the grid, or nil when the grid leaves it to the common handling (modes, overlays, quit, marks).
    mutating func performInGrid(_ command: GalleryCommand, at time: Double) -> [GalleryEffect]? {
        guard let selection = grid?.selection else { return nil }
        switch command {
        case .next: moveGridSelection(.right, at: time)
        case .previous: moveGridSelection(.left, at: time)
        case .pageForward: moveGridSelection(.pageDown, at: time)
        case .pageBackward: moveGridSelection(.pageUp, at: time)
        case .first: moveGridSelection(.first, at: time)
        case .last: moveGridSelection(.last, at: time)
        // The grid's cells are the photos in order: its page n is photo n.
        case .goToPage(let page): moveGridSelection(.photo(PhotoID(page.rawValue)), at: time)
        case .goToPhoto(let photo): moveGridSelection(.photo(photo), at: time)
        case .open: return openFromGrid(selection, at: time)
        case .pan(let direction):
            let moves: [PanDirection: GridMove] = [.left: .left, .right: .right, .up: .up, .down: .down]
            if let move = moves[direction] { moveGridSelection(move, at: time) }
        case .zoomIn: stepGridSize(by: 1)
        case .zoomOut: stepGridSize(by: -1)
        case .zoomActualSize, .zoomToFit, .retry, .flipWheel, .toggleSlideshow, .toggleAnimation, .nextFrame,
            .previousFrame, .orient:
            break
        case .mode, .quit, .back, .reload, .cycleSort, .toggleKeepZoom, .toggleHelp, .toggleInfoPanel,
            .toggleStatusBar,
            .toggleFullscreen,
            .toggleMark, .invertMarks, .clearMarks, .nextMarked, .previousMarked, .action:
            return nil
        case .trash, .undoTrash, .copyPath, .openWith, .cycleFitMode, .toggleGridNames, .moveTo, .copyTo, .saveTurn:
            return nil
        }
        return []
    }

    /// Moves the grid's selection and scrolls it into view.
    mutating func moveGridSelection(_ move: GridMove, at time: Double) {
        withGrid { $0.move(move, at: time) }
    }

    /// Steps the grid's thumbnail size, remembered for the next visit.
    mutating func stepGridSize(by steps: Int) {
        guard withGrid({ $0.stepSize(by: steps) }) == true, let grid else { return }
        gridSizeStep = grid.layout.sizeStep
    }

    /// Opens `photo` in the pager mode used before the grid, the painter zooming it from its cell.
    private mutating func openFromGrid(_ photo: PhotoID, at time: Double) -> [GalleryEffect] {
        guard let grid, photoCount > 0 else { return [] }
        let cell = grid.layout.cellRect(photo: photo, offset: grid.offset(at: time))
        return [.zoomFromGrid(photo: photo, cell: cell)]
            + switchMode(to: GalleryMode(pagerMode), at: time, showing: photo)
    }

    // MARK: Pointer

    /// The grid's recogniser in the arena: a press catches the rows where they are shown (a press that stops a fling
    /// is not a click), the rows follow the pointer 1:1 (through the rubber band beyond the ends), a release flings
    /// onto a row and a click opens the photo under it.
    mutating func gridPointer(_ phase: PointerPhase, at time: Double) -> [GalleryEffect] {
        switch phase {
        case .down(let x, let y):
            gestures.tap.pointerDown(x: x, y: y, contentWasMoving: gridIsAnimating(at: time))
            withGrid { $0.press(y: y, at: time) }
        case .move(let x, let y):
            gestures.tap.pointerMove(x: x, y: y)
            withGrid { $0.drag(y: y, at: time) }
        case .up(let x, let y):
            let clicked = gestures.tap.pointerUp(x: x, y: y)
            withGrid { $0.release(at: time) }
            guard clicked, let photo = grid?.photo(atX: x, y: y, at: time) else { return [] }
            withGrid { $0.select(photo, at: time) }
            return openFromGrid(photo, at: time)
        case .cancel:
            gestures.tap.cancel()
            withGrid { $0.cancel(at: time) }
        }
        return []
    }

    /// A mouse wheel's notches in the grid scroll its rows, the selection staying put.
    mutating func scrollGrid(rows: Int, at time: Double) {
        withGrid { $0.scroll(rows: rows, at: time) }
    }

    /// A feed's append while the grid shows: more cells, the place kept.
    mutating func growGrid(at time: Double) {
        let count = photoCount
        withGrid { $0.setPhotoCount(count, at: time) }
    }
}
