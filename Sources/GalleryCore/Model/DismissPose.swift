import Support

/// How a photo being dragged down to the grid is shown in one frame (`DismissDrag.pose(at:)`): where it is, how small,
/// and how much of the pager's background still covers the grid behind it.
public struct DismissPose: Equatable, Sendable {
    /// The photo dragged (library index).
    public let photo: PhotoID
    /// Its offset from where it rests, in pixels (right and down positive).
    public let offsetX: Double
    /// See `offsetX`.
    public let offsetY: Double
    /// How far it has shrunk from its size at fit toward its size in its grid cell: 0 at rest, 1 the cell's size.
    public let shrink: Double
    /// The pager's background over the grid: 1 opaque (at rest), 0 gone.
    public let backgroundOpacity: Double
    /// The photo's cell in the grid it would go back to, when known (the model adds it).
    public var cell: LayoutRect?

    /// A pose; `cell` is added by the model.
    public init(
        photo: PhotoID, offsetX: Double, offsetY: Double, shrink: Double, backgroundOpacity: Double,
        cell: LayoutRect? = nil
    ) {
        self.photo = photo
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.shrink = shrink
        self.backgroundOpacity = backgroundOpacity
        self.cell = cell
    }

    /// Where a photo drawn in `rest` at fit is drawn in this pose: its size `shrink` of the way to the same shape fitted
    /// in the cell (the rest size when no cell is known), its centre moved by the offset (whole pixels).
    public func rect(atRest rest: LayoutRect) -> LayoutRect {
        var (width, height) = (Double(rest.width), Double(rest.height))
        if let cell, width > 0, height > 0 {
            let fit = min(Double(cell.width) / width, Double(cell.height) / height)
            width += (width * fit - width) * shrink
            height += (height * fit - height) * shrink
        }
        let centreX = Double(rest.x) + Double(rest.width) / 2 + offsetX
        let centreY = Double(rest.y) + Double(rest.height) / 2 + offsetY
        return LayoutRect(
            x: Int((centreX - width / 2).rounded()), y: Int((centreY - height / 2).rounded()),
            width: max(Int(width.rounded()), 1), height: max(Int(height.rounded()), 1))
    }
}
