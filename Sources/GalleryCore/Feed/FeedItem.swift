import Support

/// One page a feed source brings: a photo the gallery already opened, or a new file.
public enum FeedItem: Hashable, Sendable {
    /// The opened photo with this index (the simulated source pages through them in rounds).
    case photo(PhotoID)
    /// A file the source found or was told about; it joins the gallery.
    case file(path: String)
}
