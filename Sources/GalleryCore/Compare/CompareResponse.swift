import Support

/// What the compare screen answers an input it was handed (`CompareModel.perform`, `pointer`): whether it took it, or
/// what only the gallery can do.
public enum CompareResponse: Equatable, Sendable {
    /// Not the compare screen's: the gallery's common handling takes it (overlays, files, quit).
    case notTaken
    /// The compare screen took it.
    case taken
    /// Back to the pager, showing this photo (the left-hand one).
    case close(PhotoID)
    /// Mark or unmark this photo (the right-hand one): the marks are the gallery's.
    case toggleMark(PhotoID)
    /// Turn or mirror both compared photos' views as `change` says: the turns are the gallery's.
    case orient(ViewOrientation.Change)
}
