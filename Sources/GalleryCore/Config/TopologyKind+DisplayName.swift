import PagerEngine

extension TopologyKind {
    /// The mode's name for people, as the on-canvas information and the panel show it.
    public var displayName: String {
        switch self {
        case .bounded: "bounded"
        case .endCaps: "loop (end caps)"
        case .threeSurfaces: "loop (three surfaces)"
        case .feed: "feed"
        case .wheel: "wheel"
        case .grid: "grid"
        }
    }
}
