/// Where a grid's scroll may come to rest: on a row boundary (a row's top at the viewport's top) or at either end
/// of the content, never between rows.
public enum GridSnap {
    /// The resting offset nearest to `offset`: the nearer of the row boundaries around it, clamped into
    /// `0…maxOffset`, or `maxOffset` itself when that is nearer (the last row flush with the bottom edge).
    public static func restingOffset(near offset: Double, in geometry: GridScrollGeometry) -> Double {
        let target = geometry.clamped(offset.isNaN ? 0 : offset)
        let pitch = geometry.rowPitch
        let below = (target / pitch).rounded(.down) * pitch
        let above = below + pitch
        var best = geometry.clamped(below)
        for candidate in [geometry.clamped(above), geometry.maxOffset]
        where abs(candidate - target) < abs(best - target) {
            best = candidate
        }
        return best
    }

    /// Whether `offset` is a place a scroll may rest: a row boundary within range, or an end.
    public static func isResting(_ offset: Double, in geometry: GridScrollGeometry, tolerance: Double = 1e-6) -> Bool {
        guard offset >= -tolerance, offset <= geometry.maxOffset + tolerance else { return false }
        if abs(offset - geometry.maxOffset) <= tolerance { return true }
        let rows = offset / geometry.rowPitch
        return abs(rows - rows.rounded()) * geometry.rowPitch <= tolerance
    }
}
