import PagerEngine
import Support

/// The grid screen without SDL: its layout, its scroll and the selected photo, and the input it handles itself. Keys
/// move the selection and scroll it into view; a drag, a touchpad or the wheel scroll the content with the pager's
/// physics, a click or Enter opens a photo (`GridResponse.open`); `+`, `-`, Ctrl + wheel and a pinch step the
/// thumbnail size keeping the selection in view. Offsets are functions of time (`offset(at:)`), so the painter
/// evaluates the scroll at the frame's time; `advance(to:)` retires a finished animation.
public struct GridModel: Sendable {
    /// Where the cells go for the viewport, scale, size step and photo count.
    public private(set) var layout: GridLayout
    /// The vertical scroll.
    public private(set) var scroller: GridScroller
    /// The selected photo (library index), outlined.
    public private(set) var selection: PhotoID
    /// Whether a press and release on the grid click a cell (a press that stops a fling does not).
    private var tap: TapRecognizer
    /// A pinch under way: its spread already turned into thumbnail size steps.
    private var pinchSteps: Double?

    /// A grid of `layout` with `selection` (clamped) selected and scrolled into view at once; a press moving less than
    /// `clickSlop` pixels before its release clicks.
    public init(layout: GridLayout, selection: PhotoID, clickSlop: Double = PagerConfiguration.standard.dragSlop) {
        self.layout = layout
        tap = TapRecognizer(slop: clickSlop)
        self.selection = Self.clamp(selection, count: layout.photoCount)
        scroller = GridScroller(geometry: layout.scrollGeometry)
        scroller.jump(to: centredOffset(of: self.selection))
    }

    // MARK: Reading

    /// The scroll offset shown at `time`.
    public func offset(at time: Double) -> Double { scroller.offset(at: time) }

    /// The cells visible at `time`.
    public func visibleCells(at time: Double) -> [GridCell] { layout.visibleCells(offset: offset(at: time)) }

    /// The selected photo's cell at `time` (where a zoom into the pager starts and one back ends).
    public func selectionCell(at time: Double) -> LayoutRect {
        layout.cellRect(photo: selection, offset: offset(at: time))
    }

    /// The photos to decode now, most urgent first: the visible rows, then `ahead` rows beyond, around where the
    /// scroll is heading (a fling's thumbnails are asked for before it arrives).
    public func decodeOrder(at time: Double, ahead: Int = 2) -> [PhotoID] {
        let shown = layout.decodeOrder(offset: offset(at: time), ahead: 0)
        let heading = layout.decodeOrder(offset: scroller.restingOffset, ahead: ahead)
        var seen = Set<PhotoID>()
        return (shown + heading).filter { seen.insert($0).inserted }
    }

    /// Whether the scroll still moves at `time` (the window keeps drawing frames).
    public func isAnimating(at time: Double) -> Bool { scroller.isAnimating(at: time) || scroller.isDragging }

    // MARK: Input

    /// A command on the grid: the arrows, Page Up/Down, Home/End, a typed number and a photo asked for move the
    /// selection; `+` and `-` step the size; Enter opens the selection. Commands of every screen are not taken.
    public mutating func perform(_ command: GalleryCommand, at time: Double) -> GridResponse {
        switch command {
        case .next: move(.right, at: time)
        case .previous: move(.left, at: time)
        case .pageForward: move(.pageDown, at: time)
        case .pageBackward: move(.pageUp, at: time)
        case .first: move(.first, at: time)
        case .last: move(.last, at: time)
        // The grid's cells are the photos in order: its page n is photo n.
        case .goToPage(let page): move(.photo(PhotoID(page.rawValue)), at: time)
        case .goToPhoto(let photo): move(.photo(photo), at: time)
        case .open: return .open(selection, cell: selectionCell(at: time))
        case .pan(let direction):
            let moves: [PanDirection: GridMove] = [.left: .left, .right: .right, .up: .up, .down: .down]
            if let move = moves[direction] { self.move(move, at: time) }
        case .zoomIn: stepSize(by: 1)
        case .zoomOut: stepSize(by: -1)
        case .zoomActualSize, .zoomToFit, .retry, .flipWheel, .toggleSlideshow, .toggleAnimation, .nextFrame,
            .previousFrame, .orient:
            break
        case .mode, .quit, .back, .reload, .cycleSort, .toggleKeepZoom, .toggleHelp, .toggleInfoPanel,
            .toggleStatusBar, .toggleFullscreen, .toggleMark, .invertMarks, .clearMarks, .nextMarked,
            .previousMarked, .nextFolder, .previousFolder, .action, .trash, .undoTrash, .copyPath, .openWith,
            .cycleFitMode, .toggleGridNames,
            .moveTo, .copyTo, .saveTurn, .compare:
            return .notTaken
        }
        return .taken
    }

    /// The grid's recogniser: a press catches the rows where they are shown (a press that stops a fling is not a
    /// click), the rows follow the pointer 1:1 (through the rubber band beyond the ends), a release flings onto a row
    /// and a click selects and opens the photo under it.
    public mutating func pointer(_ phase: PointerPhase, at time: Double) -> GridResponse {
        switch phase {
        case .down(let x, let y):
            tap.pointerDown(x: x, y: y, contentWasMoving: isAnimating(at: time))
            scroller.press(y: y, at: time)
        case .move(let x, let y):
            tap.pointerMove(x: x, y: y)
            scroller.drag(y: y, at: time)
        case .up(let x, let y):
            let clicked = tap.pointerUp(x: x, y: y)
            scroller.release(at: time)
            guard clicked, let photo = photo(atX: x, y: y, at: time) else { return .taken }
            select(photo, at: time)
            return .open(photo, cell: selectionCell(at: time))
        case .cancel:
            tap.cancel()
            scroller.cancel(at: time)
        }
        return .taken
    }

    /// The press under way will not click (a touchpad's fingers press no button).
    public mutating func cancelClick() { tap.cancel() }

    /// Ctrl + wheel by `factor`: one thumbnail size larger above 1, smaller below.
    public mutating func zoom(by factor: Double) {
        if factor.isFinite, factor != 1 { stepSize(by: factor > 1 ? 1 : -1) }
    }

    /// A touchpad's pinch began: its spread steps the thumbnail size from here.
    public mutating func beginPinch() { pinchSteps = 1 }

    /// The pinch's spread is `spread` times its first: one thumbnail size per Ctrl + wheel notch's worth of spread, as
    /// many as the fingers went, a few at most per update (the grid has only so many sizes, and a hostile spread must
    /// not spin here).
    public mutating func pinch(spread: Double) {
        guard var steps = pinchSteps, spread.isFinite, spread > 0 else { return }
        for _ in 0..<4 where spread >= steps * ZoomModel.step {
            zoom(by: ZoomModel.step)
            steps *= ZoomModel.step
        }
        for _ in 0..<4 where spread <= steps / ZoomModel.step {
            zoom(by: 1 / ZoomModel.step)
            steps /= ZoomModel.step
        }
        pinchSteps = steps
    }

    /// The pinching fingers lifted.
    public mutating func endPinch() { pinchSteps = nil }

    /// Moves the selection and scrolls it into view with the key spring.
    public mutating func move(_ move: GridMove, at time: Double) {
        guard layout.photoCount > 0 else { return }
        let (count, columns) = (layout.photoCount, layout.columns)
        let screen = layout.rowsPerScreen * columns
        let selection = selection.rawValue
        let target: Int
        switch move {
        case .left: target = selection - 1
        case .right: target = selection + 1
        case .up: target = selection - columns < 0 ? selection : selection - columns
        case .down: target = selection + columns
        case .pageUp: target = selection - screen < 0 ? selection % columns : selection - screen
        case .pageDown: target = selection + screen
        case .first: target = 0
        case .last: target = count - 1
        case .photo(let photo): target = photo.rawValue
        }
        self.selection = Self.clamp(PhotoID(target), count: count)
        scrollSelectionIntoView(at: time)
    }

    /// Steps the thumbnail size by `steps` (+1 larger, −1 smaller) keeping the selection in view; whether it changed.
    @discardableResult
    public mutating func stepSize(by steps: Int) -> Bool {
        let next = layout.with(sizeStep: layout.sizeStep + steps)
        guard next.sizeStep != layout.sizeStep else { return false }
        relayout(next)
        return true
    }

    /// Scrolls the content by `rows` rows with the key spring (mouse wheel notches), the selection staying put.
    public mutating func scroll(rows: Int, at time: Double) {
        scroller.scroll(to: scroller.restingOffset + Double(rows * layout.pitch), at: time)
    }

    /// Selects `photo` (a mark toggled by click, a photo back from the pager) and scrolls it into view at once.
    public mutating func select(_ photo: PhotoID, at time: Double) {
        selection = Self.clamp(photo, count: layout.photoCount)
        scroller.jump(to: layout.offset(showing: selection, from: offset(at: time)))
    }

    /// The photo under (`x`, `y`) at `time`, nil in a gap.
    public func photo(atX x: Double, y: Double, at time: Double) -> PhotoID? {
        layout.photo(atX: x, y: y, offset: offset(at: time))
    }

    // MARK: Changes

    /// A new viewport or scale: the selection stays in view.
    public mutating func resize(width: Int, height: Int, scale: Double) {
        relayout(
            GridLayout(
                width: width, height: height, scale: scale, sizeStep: layout.sizeStep, photoCount: layout.photoCount))
    }

    /// The library grew (a feed's append) or shrank: the content keeps its place, a drag goes on, a running scroll
    /// heads for the same row.
    public mutating func setPhotoCount(_ count: Int, at time: Double) {
        guard count != layout.photoCount else { return }
        let (shown, target, wasMoving) = (offset(at: time), scroller.restingOffset, scroller.isAnimating(at: time))
        layout = layout.with(photoCount: count)
        selection = Self.clamp(selection, count: count)
        scroller.relayout(layout.scrollGeometry, offset: shown)
        guard !scroller.isDragging else { return }
        // The old end may lie between rows of the longer content.
        let rest = GridSnap.restingOffset(near: target, in: layout.scrollGeometry)
        if wasMoving { scroller.scroll(to: rest, at: time) } else { scroller.jump(to: rest) }
    }

    /// Retires a finished scroll animation; call once a frame.
    public mutating func advance(to time: Double) { scroller.advance(to: time) }

    // MARK: Private

    /// A new layout rests with the selection's row near the middle: a running scroll's path means nothing in it.
    private mutating func relayout(_ next: GridLayout) {
        layout = next
        scroller.relayout(next.scrollGeometry, offset: centredOffset(of: selection))
    }

    private mutating func scrollSelectionIntoView(at time: Double) {
        let target = layout.offset(showing: selection, from: scroller.restingOffset)
        if target != scroller.restingOffset || scroller.isDragging { scroller.scroll(to: target, at: time) }
    }

    /// The resting offset that shows `photo`'s row nearest the viewport's middle.
    private func centredOffset(of photo: PhotoID) -> Double {
        let rowTop = Double(layout.row(of: photo) * layout.pitch)
        let middle = rowTop - Double(layout.height - layout.pitch) / 2
        return GridSnap.restingOffset(near: middle, in: layout.scrollGeometry)
    }

    private static func clamp(_ photo: PhotoID, count: Int) -> PhotoID {
        PhotoID(min(max(photo.rawValue, 0), max(count - 1, 0)))
    }
}
