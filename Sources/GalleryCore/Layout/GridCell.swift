import Support

/// One cell of the grid as laid out for a frame: the photo it shows and its square in output pixels.
public struct GridCell: Equatable, Sendable {
    /// The photo (library index).
    public var photo: PhotoID
    /// The cell's square; the thumbnail is fitted inside it, centred.
    public var rect: LayoutRect

    /// A cell.
    public init(photo: PhotoID, rect: LayoutRect) {
        self.photo = photo
        self.rect = rect
    }
}
