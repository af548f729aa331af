import PagerEngine
import Support

/// The grid mode's state without SDL: its layout, its scroll and the selected photo. Keys move the selection and
/// scroll it into view; a drag, a touchpad or the wheel scroll the content with the pager's physics; `+` and `-`
/// step the thumbnail size keeping the selection in view. Offsets are functions of time (`offset(at:)`), so the
/// painter evaluates the scroll at the frame's time; `advance(to:)` retires a finished animation.
public struct GridModel: Sendable {
    /// Where the cells go for the viewport, scale, size step and photo count.
    public private(set) var layout: GridLayout
    /// The vertical scroll.
    public private(set) var scroller: GridScroller
    /// The selected photo (library index), outlined.
    public private(set) var selection: PhotoID

    /// A grid of `layout` with `selection` (clamped) selected and scrolled into view at once.
    public init(layout: GridLayout, selection: PhotoID) {
        self.layout = layout
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

    // MARK: Keys

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

    // MARK: Pointer

    /// A press at pointer `y`: catches the content where it is shown.
    public mutating func press(y: Double, at time: Double) { scroller.press(y: y, at: time) }

    /// The pointer moved to `y` while pressed.
    public mutating func drag(y: Double, at time: Double) { scroller.drag(y: y, at: time) }

    /// The pointer let go: a fling onto a row, or the spring back from an end.
    public mutating func release(at time: Double) { scroller.release(at: time) }

    /// The gesture was taken away.
    public mutating func cancel(at time: Double) { scroller.cancel(at: time) }

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
