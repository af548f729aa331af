import PagerEngine

extension TopologyKind {
    /// A topology of this kind over `pageCount` pages, showing `startPage`.
    public func makeTopology(pageCount: Int, startPage: Int) -> any PageTopology {
        switch self {
        case .bounded: BoundedTopology(pageCount: pageCount, startPage: startPage)
        case .endCaps: EndCapsTopology(pageCount: pageCount, startPage: startPage)
        case .threeSurfaces: ThreeSurfacesTopology(pageCount: pageCount, startPage: startPage)
        case .feed: FeedTopology(pageCount: pageCount, startPage: startPage)
        case .wheel: WheelTopology(rowCount: pageCount, startRow: startPage)
        }
    }

    /// Whether the page textures live in three recycled slots rather than one per logical page.
    public var recyclesSlots: Bool { self == .threeSurfaces }

    /// Whether the strip wraps around (for residency).
    public var wraps: Bool { self == .endCaps || self == .threeSurfaces || self == .wheel }
}
