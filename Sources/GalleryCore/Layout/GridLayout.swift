import PagerEngine
import Support

/// Where the grid's cells go, in output pixels: a pure function of the viewport, the scale, the thumbnail size step
/// and the photo count, evaluated at a scroll offset. The painter draws into these rectangles and clicks are
/// hit-tested against the same value. Only the visible rows are ever laid out (`visibleCells`), so 100,000 photos
/// cost what the rows on screen cost.
///
/// Rows of `columns` square cells `cellSide` pixels a side, `gap` pixels apart and centred across the width; row `r`'s
/// top lies at `gap + r·pitch − offset`, so the scroll's resting offsets (`r·pitch`) put a row just below the top gap.
public struct GridLayout: Equatable, Sendable {
    /// The thumbnail sizes `+` and `-` step through, in points (the cell's side): 128 and 256 are the freedesktop
    /// cache's `normal` and `large` at scale 1.
    public static let sizeSteps = [64, 96, 128, 192, 256]
    /// The step a grid opens with: 128 points, the cache's `normal`.
    public static let defaultSizeStep = 2
    /// The gap between cells and around them, in points.
    public static let gapPoints = 8
    /// The scroll thumb's width, its inset from the right edge and its shortest length, in points.
    public static let thumbPoints = (width: 4, inset: 2, minimumLength: 24)
    /// How far the outline of the current photo lies outside its cell, and its stroke, in points.
    public static let outlinePoints = 3

    /// The viewport's width and height in output pixels.
    public let width: Int
    public let height: Int
    /// Output pixels per point.
    public let scale: Double
    /// The index into `sizeSteps`.
    public let sizeStep: Int
    /// How many photos the grid shows.
    public let photoCount: Int
    /// A cell's side in pixels (the step at the scale, narrowed to the viewport when it would not fit).
    public let cellSide: Int
    /// The gap between cells in pixels.
    public let gap: Int
    /// Cells per row (at least 1).
    public let columns: Int
    /// Rows (0 with no photos).
    public let rows: Int
    /// The left edge of the first column: the columns are centred.
    public let leftMargin: Int

    /// The layout of `photoCount` photos at size step `sizeStep` (clamped into `sizeSteps`) in a `width` × `height`
    /// viewport at `scale`.
    public init(width: Int, height: Int, scale: Double = 1, sizeStep: Int = defaultSizeStep, photoCount: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.sizeStep = min(max(sizeStep, 0), Self.sizeSteps.count - 1)
        self.photoCount = max(photoCount, 0)
        gap = SceneLayout.px(Self.gapPoints, scale: self.scale)
        let wanted = SceneLayout.px(Self.sizeSteps[self.sizeStep], scale: self.scale)
        // A cell wider than the viewport (a 256-point step at scale 2 in 320 px) shrinks to fit between two gaps.
        cellSide = max(min(wanted, self.width - 2 * gap), 1)
        columns = max((self.width - gap) / (cellSide + gap), 1)
        rows = (self.photoCount + columns - 1) / columns
        leftMargin = max((self.width - columns * cellSide - (columns - 1) * gap) / 2, 0)
    }

    /// This layout for another count (a feed's append), viewport or step.
    public func with(width: Int? = nil, height: Int? = nil, sizeStep: Int? = nil, photoCount: Int? = nil) -> GridLayout
    {
        GridLayout(
            width: width ?? self.width, height: height ?? self.height, scale: scale,
            sizeStep: sizeStep ?? self.sizeStep,
            photoCount: photoCount ?? self.photoCount)
    }

    // MARK: Sizes

    /// The distance from a row's top to the next one's.
    public var pitch: Int { cellSide + gap }
    /// The content's height: the top gap and every row with the gap below it.
    public var contentHeight: Int { gap + rows * pitch }
    /// Whole rows that fit in the viewport (at least 1): PageUp and PageDown move the selection by this many.
    public var rowsPerScreen: Int { max((height - gap) / pitch, 1) }
    /// The most cells any offset shows: the whole rows plus a partial row at the top and at the bottom.
    public var mostVisibleCells: Int { columns * (height / pitch + 2) }
    /// What the scroll physics scrolls over.
    public var scrollGeometry: GridScrollGeometry {
        GridScrollGeometry(
            rowPitch: Double(pitch), contentHeight: Double(contentHeight), viewportHeight: Double(height))
    }
    /// The freedesktop cache size to ask for, for cells of this side: `normal` up to 128 px, then `large`, ….
    public var thumbnailFlavour: ThumbnailFlavour { .forWriting(needed: cellSide) }

    // MARK: Cells

    /// The row `photo` sits in.
    public func row(of photo: PhotoID) -> Int { max(photo.rawValue, 0) / columns }

    /// The square of `photo`'s cell at scroll `offset` (off screen when its row is).
    public func cellRect(photo: PhotoID, offset: Double) -> LayoutRect {
        let column = max(photo.rawValue, 0) % columns
        return LayoutRect(
            x: leftMargin + column * pitch, y: rowTop(row(of: photo), offset: offset), width: cellSide,
            height: cellSide)
    }

    /// The outline around `photo`'s cell (the current photo), drawn `outlinePoints` outside it.
    public func outline(photo: PhotoID, offset: Double) -> LayoutRect {
        let cell = cellRect(photo: photo, offset: offset)
        let out = SceneLayout.px(Self.outlinePoints, scale: scale)
        return LayoutRect(x: cell.x - out, y: cell.y - out, width: cell.width + 2 * out, height: cell.height + 2 * out)
    }

    /// The rows any of whose pixels show at `offset`.
    public func visibleRows(offset: Double) -> Range<Int> {
        let top = Self.pixels(offset) - gap
        let first = Self.floorDiv(top, pitch)
        let last = Self.floorDiv(top + height - 1, pitch)
        let lower = min(max(first, 0), rows)
        return lower..<min(max(last + 1, lower), rows)
    }

    /// The cells of the visible rows at `offset`, in photo order: O(visible), whatever the photo count.
    public func visibleCells(offset: Double) -> [GridCell] {
        let rowRange = visibleRows(offset: offset)
        let first = rowRange.lowerBound * columns
        let end = min(rowRange.upperBound * columns, photoCount)
        guard first < end else { return [] }
        return (first..<end).map { GridCell(photo: PhotoID($0), rect: cellRect(photo: PhotoID($0), offset: offset)) }
    }

    /// The photo whose cell holds the point (`x`, `y`) at `offset`, nil in a gap or past the last photo.
    public func photo(atX x: Double, y: Double, offset: Double) -> PhotoID? {
        guard abs(x) < 1e9, abs(y) < 1e9 else { return nil }
        let px = Int(x.rounded(.down)) - leftMargin
        let py = Int(y.rounded(.down)) + Self.pixels(offset) - gap
        guard px >= 0, py >= 0, px % pitch < cellSide, py % pitch < cellSide else { return nil }
        let (column, row) = (px / pitch, py / pitch)
        guard column < columns else { return nil }
        let photo = row * columns + column
        return photo < photoCount ? PhotoID(photo) : nil
    }

    /// The photos to decode at `offset`, most urgent first: the visible rows from the top, then `ahead` rows below and
    /// above them, nearest first.
    public func decodeOrder(offset: Double, ahead: Int = 2) -> [PhotoID] {
        let visible = visibleRows(offset: offset)
        var rowOrder = Array(visible)
        for step in 0..<max(ahead, 0) {
            rowOrder.append(visible.upperBound + step)
            rowOrder.append(visible.lowerBound - 1 - step)
        }
        let photos = rowOrder.filter { $0 >= 0 && $0 < rows }.flatMap { row in
            (row * columns)..<min((row + 1) * columns, photoCount)
        }
        return photos.map { PhotoID($0) }
    }

    // MARK: Scrolling

    /// The resting offset nearest `offset` that shows `photo`'s whole cell (the least scroll; the row at the top
    /// when the cell is taller than the viewport).
    public func offset(showing photo: PhotoID, from offset: Double) -> Double {
        let geometry = scrollGeometry
        let rowOffset = Double(row(of: photo) * pitch)
        if rowOffset < offset { return geometry.clamped(rowOffset) }
        // The cell and the gap below it inside the bottom edge, rounded up to a row boundary.
        let lowest = rowOffset + Double(pitch + gap - height)
        guard lowest > offset else { return GridSnap.restingOffset(near: offset, in: geometry) }
        let snapped = (lowest / Double(pitch)).rounded(.up) * Double(pitch)
        return geometry.clamped(min(snapped, rowOffset))
    }

    /// The scroll thumb along the right edge: its length the share of the content the viewport shows (at least
    /// `minimumLength`), its place where the offset is; nil when everything fits.
    public func scrollThumb(offset: Double) -> LayoutRect? {
        guard contentHeight > height else { return nil }
        let points = Self.thumbPoints
        let (thumbWidth, inset) = (
            SceneLayout.px(points.width, scale: scale), SceneLayout.px(points.inset, scale: scale)
        )
        let minimum = min(SceneLayout.px(points.minimumLength, scale: scale), height)
        let length = max(Int((Double(height) * Double(height) / Double(contentHeight)).rounded()), minimum)
        let maxOffset = Double(contentHeight - height)
        let fraction = min(max(offset.isFinite ? offset / maxOffset : 0, 0), 1)
        let y = Int((Double(height - length) * fraction).rounded())
        return LayoutRect(x: width - inset - thumbWidth, y: y, width: thumbWidth, height: length)
    }

    // MARK: Private

    private func rowTop(_ row: Int, offset: Double) -> Int {
        gap + row * pitch - Self.pixels(offset)
    }

    /// A scroll offset in whole pixels (0 when not finite; never beyond what an `Int` holds).
    private static func pixels(_ offset: Double) -> Int {
        offset.isFinite ? Int(min(max(offset, -1e15), 1e15).rounded()) : 0
    }

    /// Division rounding towards minus infinity (rows above the top at a negative offset).
    private static func floorDiv(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
