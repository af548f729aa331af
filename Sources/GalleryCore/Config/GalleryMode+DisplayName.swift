import PagerEngine

extension GalleryMode {
    /// The mode's name for people, as the on-canvas information and the status bar show it: both loops are "loop" (how
    /// one is built is no concern of the user's).
    public var displayName: String {
        switch self {
        case .bounded: "bounded"
        case .endCaps, .threeSurfaces: "loop"
        case .feed: "feed"
        case .wheel: "wheel"
        case .grid: "grid"
        }
    }

    /// The mode's name with how it is built, for the information panel (I): "loop (end caps)" or
    /// "loop (three surfaces)"; the other modes' `displayName`.
    public var panelName: String {
        switch self {
        case .endCaps: "loop (end caps)"
        case .threeSurfaces: "loop (three surfaces)"
        default: displayName
        }
    }
}
