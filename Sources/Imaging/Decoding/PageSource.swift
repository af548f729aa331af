import Support

/// Where a page's picture comes from.
public enum PageSource: Sendable, Hashable {
    /// An image file, read and never written.
    case file(path: String)
    /// A generated, numbered page (`index` of `count`, zero-based) for tests and benchmarks: see `ImageDecoder`.
    case synthetic(index: Int, count: Int)

    /// A short name for captions and error tiles: the file name, or "Page 3 of 12".
    public var displayName: String {
        switch self {
        case .file(let path):
            let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
            return name ?? path
        case .synthetic(let index, let count):
            return "Page \(index + 1) of \(count)"
        }
    }

    /// Whether the picture is drawn from shapes, not pixels (an SVG, by its name): it has no size of its own to stop a
    /// zoom's sharpening at, so a zoomed one is drawn again at the zoom's scale.
    public var isVector: Bool {
        guard case .file(let path) = self, let name = path.split(separator: "/").last,
            let dot = name.lastIndex(of: ".")
        else { return false }
        return PhotoFormat.vectorExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
