/// The vertical extent a grid scrolls over: the pitch of a row (cell plus gap), the content's height and the
/// viewport's, in pixels. Offsets run from 0 (first row at the top) to `maxOffset` (the content's end at the bottom).
public struct GridScrollGeometry: Equatable, Sendable {
    /// The distance from one row's top to the next one's, in pixels (positive).
    public var rowPitch: Double
    /// The content's height, in pixels.
    public var contentHeight: Double
    /// The viewport's height, in pixels (the rubber band's dimension).
    public var viewportHeight: Double

    /// A geometry; a pitch that is not positive and finite reads as 1 px, heights that are not finite as 0.
    public init(rowPitch: Double, contentHeight: Double, viewportHeight: Double) {
        self.rowPitch = rowPitch.isFinite && rowPitch > 0 ? rowPitch : 1
        self.contentHeight = contentHeight.isFinite ? max(contentHeight, 0) : 0
        self.viewportHeight = viewportHeight.isFinite ? max(viewportHeight, 0) : 0
    }

    /// The largest resting offset: the content's end at the viewport's bottom (0 when everything fits).
    public var maxOffset: Double { max(contentHeight - viewportHeight, 0) }

    /// `offset` clamped into `0…maxOffset`.
    public func clamped(_ offset: Double) -> Double { min(max(offset, 0), maxOffset) }

    /// The offset that puts row `row` at the viewport's top, clamped into range.
    public func offset(ofRow row: Int) -> Double { clamped(Double(row) * rowPitch) }
}
