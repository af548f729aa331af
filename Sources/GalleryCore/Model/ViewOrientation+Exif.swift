/// The EXIF orientation values as view orientations (the transform that stands the stored pixels upright, as a mirror
/// then clockwise quarter turns), and a view turn written into one: "save the turn".
extension ViewOrientation {
    /// Each EXIF value's (quarter turns, mirrored), 1 to 8.
    private static let exif: [Int: ViewOrientation] = [
        1: .upright, 2: ViewOrientation(quarterTurns: 0, mirrored: true),
        3: ViewOrientation(quarterTurns: 2, mirrored: false), 4: ViewOrientation(quarterTurns: 2, mirrored: true),
        5: ViewOrientation(quarterTurns: 3, mirrored: true), 6: ViewOrientation(quarterTurns: 1, mirrored: false),
        7: ViewOrientation(quarterTurns: 1, mirrored: true), 8: ViewOrientation(quarterTurns: 3, mirrored: false),
    ]

    /// The transform of EXIF orientation `value` (1…8), nil for any other.
    public init?(exifValue value: Int) {
        guard let orientation = Self.exif[value] else { return nil }
        self = orientation
    }

    /// The EXIF orientation value (1…8) that states this transform.
    public var exifValue: Int {
        Self.exif.first { $0.value == self }!.key
    }

    /// This view orientation applied after `first`: a mirror commutes with a turn by reversing it, so
    /// R^a M^m ∘ R^b M^n = R^(a ± b) M^(m ⊕ n).
    public func after(_ first: ViewOrientation) -> ViewOrientation {
        ViewOrientation(
            quarterTurns: quarterTurns + (mirrored ? -first.quarterTurns : first.quarterTurns),
            mirrored: mirrored != first.mirrored)
    }
}
