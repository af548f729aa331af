import Support

/// What the grid answers an input it was handed (`GridModel.perform`, `pointer`): whether it took it, or that a photo
/// opens in the pager, which only the gallery can do.
public enum GridResponse: Equatable, Sendable {
    /// Not the grid's: the gallery's common handling takes it (modes, overlays, marks, files, quit).
    case notTaken
    /// The grid took it.
    case taken
    /// Open `photo` in the pager, the photo flying from `cell`, its cell.
    case open(PhotoID, cell: LayoutRect)
}
