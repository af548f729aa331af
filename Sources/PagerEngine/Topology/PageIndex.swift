/// A logical page: a place on the strip the pager and the topologies speak of, in `0..<pageCount`.
///
/// Not a photo: in the feed page p shows whichever photo the feed put there, and the models map a page to the photo
/// it shows (`GalleryModel.photo(ofPage:)`). Slots (end caps, the feed's spinner, the wheel's rows) are positions
/// around pages, counted in plain `Int`s. It prints as the bare number, as traces always had it.
public struct PageIndex: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The page's number, for the arithmetic of the strip (wrapping, offsets) and for traces.
    public var rawValue: Int

    /// The page numbered `rawValue`.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The page with this number, written as a literal.
    public init(integerLiteral value: Int) {
        rawValue = value
    }

    /// Pages order by number.
    public static func < (lhs: PageIndex, rhs: PageIndex) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The bare number.
    public var description: String { String(rawValue) }
}
