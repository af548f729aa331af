/// One visible row of the wheel, placed in the frame described on `WheelLayout`.
public struct WheelRow: Equatable, Sendable {
    /// The unwrapped slot: its place in the endless list, growing downward.
    public var slot: Int
    /// The logical row it shows, in `0..<N`.
    public var row: Int
    /// The signed distance of the row's centre below the viewport's centre, in pixels (negative above it).
    public var y: Double
    /// The row's left edge, in pixels from the viewport's left edge.
    public var x: Double

    /// Creates a placed row.
    public init(slot: Int, row: Int, y: Double, x: Double) {
        self.slot = slot
        self.row = row
        self.y = y
        self.x = x
    }
}
