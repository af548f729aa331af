import PagerEngine

/// The mode a run starts in when no `--mode` flag is given.
public enum InitialMode {
    /// End caps lay out N + 2 slots; beyond this many photos the three-surface loop, whose strip
    /// stays three slots whatever N, takes over (docs/DESIGN.md, "The modes").
    public static let largestEndCapsCount = 16

    /// The requested mode if any, else the feed when a feed is given (`--feed-watch`, `--feed-command`), else end
    /// caps up to `largestEndCapsCount` photos and three surfaces above.
    public static func mode(photoCount: Int, requested: GalleryMode? = nil, feedGiven: Bool = false) -> GalleryMode {
        if let requested { return requested }
        if feedGiven { return .feed }
        return photoCount <= largestEndCapsCount ? .endCaps : .threeSurfaces
    }
}
