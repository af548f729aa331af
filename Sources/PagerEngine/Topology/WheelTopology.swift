/// An endless vertical list: slot `i` shows row `i` wrapped, for every integer `i` (F6).
///
/// The usual endless table triples its content and re-centres at the ends; here every slot already wraps, so the position
/// only re-bases by N rows to stay in `[0, N)` and nothing is ever refilled. A single row does not spin: one slot
/// that rubber-bands at both ends.
public struct WheelTopology: Equatable, Sendable {
    /// The number of rows, at least one.
    public let rowCount: Int
    /// The slot on which the list starts: the start row, wrapped into range.
    public let startSlot: Int
    /// Whether free deceleration ends exactly on a row (otherwise it stops wherever it runs out).
    public let snapsToRow: Bool

    /// Creates a wheel of `rowCount` rows (at least one) that starts on `startRow`, wrapped into range.
    public init(rowCount: Int, startRow: Int = 0, snapsToRow: Bool = true) {
        precondition(rowCount > 0, "a wheel needs at least one row")
        self.rowCount = rowCount
        self.startSlot = WrapMath.wrap(startRow, count: rowCount)
        self.snapsToRow = snapsToRow
    }

    /// Whether the list spins: a single row stays put instead of repeating itself above and below.
    var spins: Bool { rowCount > 1 }
}
