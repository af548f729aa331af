import PagerEngine

/// The grid mode (F7, Enter and `t` from a pager): keys move the selection, the pointer, touchpad and wheel scroll
/// the rows, a click or Enter opens the pager on a photo with `zoomFromGrid` carrying its cell. The pager waits
/// beneath, bounded on the selected photo, so the page information, the status line, the title, the marks and the
/// residency (which decodes the selected photo ahead of the zoom into it) all read the selection as the current photo.
extension GalleryModel {
    /// Opens the grid on `photo` at the window's size, scale and the last size step.
    mutating func openGrid(on photo: PhotoID) {
        grid = makeGrid(on: photo)
        // A slideshow would turn the pager beneath, away from the selection.
        slideshow.stop()
        syncGridPager()
    }

    /// The grid as it opens on `photo` now: at the window's size, scale and the last size step, `photo`'s row near the
    /// middle (a drag down draws this grid behind the photo before it opens).
    func makeGrid(on photo: PhotoID) -> GridModel {
        let layout = GridLayout(
            width: Int(pager.viewport.width), height: Int(pager.viewport.height), scale: gridScale,
            sizeStep: gridSizeStep, photoCount: photoCount)
        return GridModel(layout: layout, selection: photo)
    }

    /// The window's scale (output pixels per point) for the grid's layout.
    public mutating func setGridScale(_ scale: Double) {
        gridScale = scale
        grid?.resize(width: Int(pager.viewport.width), height: Int(pager.viewport.height), scale: scale)
    }

    /// The window became `width` × `height`: the grid lays out again, its selection in view.
    public mutating func resizeGrid(width: Int, height: Int) {
        grid?.resize(width: width, height: height, scale: gridScale)
        // A drag down measured against the old size ends, the photo back at rest.
        endDismiss()
    }

    /// Moves the grid's scroll to `time`; returns whether it still moves (another frame is needed).
    @discardableResult
    public mutating func advanceGrid(to time: Double) -> Bool {
        grid?.advance(to: time)
        return grid?.isAnimating(at: time) ?? false
    }

    /// The photos the grid wants decoded as thumbnails, most urgent first (for `ThumbnailStore.want`), and the
    /// freedesktop size to ask the cache for; nil outside the grid, except behind a photo dragged down to it.
    public var gridWants: (photos: [PhotoID], flavour: ThumbnailFlavour)? {
        guard let grid = grid ?? dismissGrid else { return nil }
        return (grid.decodeOrder(at: now), grid.layout.thumbnailFlavour)
    }

    /// Ctrl + wheel in the grid: steps the thumbnail size (larger for `factor` above 1). Returns whether the grid took
    /// it (outside the grid the photo zooms instead).
    public mutating func zoomGrid(by factor: Double) -> Bool {
        guard grid != nil else { return false }
        if factor.isFinite, factor != 1 { stepGridSize(by: factor > 1 ? 1 : -1) }
        return true
    }

    /// A command in the grid, or nil when the grid leaves it to the pager's handling (modes, overlays, quit, marks).
    mutating func performInGrid(_ command: GalleryCommand, at time: Double) -> [GalleryEffect]? {
        guard let selection = grid?.selection else { return nil }
        switch command {
        case .next: moveGridSelection(.right, at: time)
        case .previous: moveGridSelection(.left, at: time)
        case .pageForward: moveGridSelection(.pageDown, at: time)
        case .pageBackward: moveGridSelection(.pageUp, at: time)
        case .first: moveGridSelection(.first, at: time)
        case .last: moveGridSelection(.last, at: time)
        case .goTo(let photo): moveGridSelection(.photo(PhotoID(photo)), at: time)
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
        case .trash, .undoTrash, .copyPath, .openWith:
            return nil
        }
        return []
    }

    /// Moves the grid's selection and scrolls it into view.
    mutating func moveGridSelection(_ move: GridMove, at time: Double) {
        grid?.move(move, at: time)
        syncGridPager()
    }

    /// Steps the grid's thumbnail size, remembered for the next visit.
    mutating func stepGridSize(by steps: Int) {
        guard grid?.stepSize(by: steps) == true, let grid else { return }
        gridSizeStep = grid.layout.sizeStep
    }

    /// A feed's append while the grid shows: more cells, the place kept.
    mutating func growGrid(at time: Double) {
        grid?.setPhotoCount(photoCount, at: time)
        syncGridPager()
    }

    /// Opens `photo` in the pager mode used before the grid, the painter zooming it from its cell.
    private mutating func openFromGrid(_ photo: PhotoID, at time: Double) -> [GalleryEffect] {
        guard let grid, photoCount > 0 else { return [] }
        return [
            .zoomFromGrid(photo: photo, cell: grid.layout.cellRect(photo: photo, offset: grid.offset(at: time))),
            .switchMode(pagerMode, showing: photo),
        ]
    }

    /// The pager beneath rests on the selection (a value, built in O(1)): what reads the current photo reads it.
    private mutating func syncGridPager() {
        guard let selection = grid?.selection,
            selection.rawValue != pager.currentPage.rawValue || pager.pageCount != photoCount
        else {
            return
        }
        pager = Pager(
            topology: BoundedTopology(pageCount: photoCount, startPage: selection.rawValue), viewport: pager.viewport,
            configuration: pager.configuration, time: now)
    }

    // MARK: Pointer

    /// A press in the grid catches the rows where they are shown (a press that stops a fling is not a click).
    mutating func gridPointerDown(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        tap.pointerDown(x: x, y: y, contentWasMoving: grid?.isAnimating(at: time) ?? false)
        grid?.press(y: y, at: time)
        return []
    }

    /// The rows follow the pointer 1:1 (through the rubber band beyond the ends).
    mutating func gridPointerMove(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        tap.pointerMove(x: x, y: y)
        grid?.drag(y: y, at: time)
        return []
    }

    /// A release flings onto a row; a click opens the photo under it.
    mutating func gridPointerUp(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        let clicked = tap.pointerUp(x: x, y: y)
        grid?.release(at: time)
        guard clicked, let photo = grid?.photo(atX: x, y: y, at: time) else { return [] }
        grid?.select(photo, at: time)
        syncGridPager()
        return openFromGrid(photo, at: time)
    }

    /// The gesture was taken away: the rows come to rest on the nearest row.
    mutating func gridPointerCancel(at time: Double) -> [GalleryEffect] {
        tap.cancel()
        grid?.cancel(at: time)
        return []
    }
}
