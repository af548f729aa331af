/// File-name order as people expect it: "photo2" before "photo10", case ignored.
///
/// Deterministic on every platform (no locale): runs of ASCII digits compare by value, everything
/// else by lowercased Unicode scalar; exact ties fall back to the raw scalars so the order is total.
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`. To sort many names, compare their `NaturalOrderKey`s, made once each.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        NaturalOrderKey(lhs) < NaturalOrderKey(rhs)
    }
}
