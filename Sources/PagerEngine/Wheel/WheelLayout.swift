/// Places the wheel's rows on a circle arc (`x = r_h·cos(asin(y/r))`, the classic circular table view).
///
/// Frame: pixels; `y` is measured from the viewport's horizontal centre line, positive downward, and `x`
/// from the viewport's left edge, positive rightward. A row of `rowHeight` × `rowWidth` is drawn with its
/// top-left corner at `(x, viewportHeight / 2 + y − rowHeight / 2)`. Slot `s` lies `(s − position) · rowHeight`
/// below the centre, so an integer position centres its slot. `r` is half the viewport height and
/// `r_h = r · radiusRatio`; a row's arc offset is `r_h·cos(asin(y/r))`: `r_h` in the middle, 0 at `|y| = r`.
/// Clockwise rows have their left edge at that offset; anticlockwise rows are the mirror image about the
/// viewport's vertical centre line.
public struct WheelLayout: Equatable, Sendable {
    /// The height of one row, in pixels.
    public var rowHeight: Double
    /// The viewport's width, in pixels.
    public var viewportWidth: Double
    /// The viewport's height, in pixels; half of it is the arc's vertical radius `r`.
    public var viewportHeight: Double
    /// The horizontal radius as a fraction of the vertical one (1 is a circle).
    public var radiusRatio: Double
    /// Which way the arc bulges.
    public var direction: WheelDirection

    /// Creates a layout for rows of `rowHeight` in a viewport of the given size.
    public init(
        rowHeight: Double, viewportWidth: Double, viewportHeight: Double, radiusRatio: Double,
        direction: WheelDirection
    ) {
        self.rowHeight = rowHeight
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.radiusRatio = radiusRatio
        self.direction = direction
    }

    /// The arc's vertical radius `r`: half the viewport height.
    public var radius: Double { viewportHeight / 2 }

    /// The arc's horizontal radius `r_h = r · radiusRatio`: how far the middle row is pushed in.
    public var horizontalRadius: Double { radius * radiusRatio }

    /// The width of every row: what is left of the viewport once the middle row is pushed in by `r_h`.
    public var rowWidth: Double { max(viewportWidth - horizontalRadius, 0) }

    /// The arc offset `r_h·cos(asin(y/r))` of a row centred `y` below the viewport's centre; `nil` past the arc.
    public func arcOffset(atDistance y: Double) -> Double? {
        guard radius > 0, y.magnitude <= radius else { return nil }
        let sine = y / radius
        // cos(asin(u)) = √(1 − u²), factored so that it is exactly 0 at the rim, where asin's rounding is not.
        return horizontalRadius * ((1 - sine) * (1 + sine)).squareRoot()
    }

    /// Every row whose centre lies on the arc (`|y| ≤ r`) at this slot position, top to bottom; slots the topology
    /// leaves `.empty` are skipped. Empty for a degenerate viewport, row height or position (never NaN).
    public func rows(atSlotPosition position: Double, topology: some PageTopology) -> [WheelRow] {
        let reach = radius / rowHeight
        // More than a million rows per half viewport would be sub-pixel: draw nothing rather than allocate.
        // (The comparison also fails for a NaN or infinite reach.)
        guard rowHeight > 0, reach <= 0x1p20, position.magnitude < 0x1p52 else { return [] }
        let firstSlot = Int(saturating: (position - reach).rounded(.up))
        let lastSlot = Int(saturating: (position + reach).rounded(.down))
        guard firstSlot <= lastSlot else { return [] }
        return (firstSlot...lastSlot).compactMap { slot in
            let y = (Double(slot) - position) * rowHeight
            guard case .page(let row) = topology.content(ofSlot: slot), let offset = arcOffset(atDistance: y)
            else { return nil }
            let x: Double
            switch direction {
            case .clockwise: x = offset
            case .anticlockwise: x = viewportWidth - rowWidth - offset
            }
            return WheelRow(slot: slot, row: row.rawValue, y: y, x: x)
        }
    }
}
