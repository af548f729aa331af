import Support

/// The photos the user marked (`m`, `M`, Ctrl+M, Ctrl+U), by photo (library index), not by page: a photo shown on two pages
/// (an end cap and its original, a feed page) is marked on both, and marks survive mode switches.
public struct PhotoMarks: Sendable, Equatable {
    private var marked: Set<PhotoID> = []

    /// No photo marked.
    public init() {}

    /// How many photos are marked (for the overlay, the information panel and the status line).
    public var count: Int { marked.count }

    /// Whether `photo` is marked.
    public func contains(_ photo: PhotoID) -> Bool { marked.contains(photo) }

    /// The marked photos in gallery order (library order: the opened photos, then what a feed added).
    public var inOrder: [PhotoID] { marked.sorted() }

    /// Marks `photo`, or unmarks it when marked.
    public mutating func toggle(_ photo: PhotoID) {
        if marked.remove(photo) == nil { marked.insert(photo) }
    }

    /// Marks every unmarked photo of the first `photoCount` and unmarks the marked ones.
    public mutating func invert(photoCount: Int) {
        marked = Set((0..<max(photoCount, 0)).map { PhotoID($0) }).subtracting(marked)
    }

    /// Moves each mark to its photo's new number (`renumbered`), dropping the marks of photos gone.
    public mutating func renumber(_ renumbered: (PhotoID) -> PhotoID?) {
        marked = Set(marked.compactMap(renumbered))
    }

    /// Unmarks every photo.
    public mutating func removeAll() {
        marked.removeAll()
    }
}
