/// The feed's source answered, told to the screen shown (`ScreenInput.feed`): the feed appends the pages or shows why
/// not, the grid grows by the photos appended, the other screens ignore it (the gallery keeps the feed's state aside).
enum FeedEvent: Sendable {
    /// `pages` more pages came at the end; the library now holds `photoCount` photos.
    case appended(pages: Int, photoCount: Int)
    /// The request failed (or brought nothing).
    case failed
}
