/// A photo of the opened library: its index in the library's order, whatever page shows it.
///
/// Decodes, the stores, thumbnails, marks and actions are keyed by photo; the pager speaks of pages (`PageIndex`)
/// and `GalleryModel.photo(ofPage:)` maps one to the other. It prints as the bare number, as traces always had it.
public struct PhotoID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The photo's index in the library, for indexing its arrays and for traces.
    public var rawValue: Int

    /// The photo at index `rawValue`.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The photo with this index, written as a literal.
    public init(integerLiteral value: Int) {
        rawValue = value
    }

    /// Photos order by index.
    public static func < (lhs: PhotoID, rhs: PhotoID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The bare number.
    public var description: String { String(rawValue) }
}
