import PagerEngine

/// What the gallery shows, each case holding exactly its own state: a pager of pages, the wheel's rows, or the
/// thumbnail grid. The wheel and the grid remember the pager mode a photo opens in from them.
public enum Screen: Sendable {
    /// A strip of pages: bounded, either loop, or the feed.
    case pager(Pager)
    /// The wheel's rows (a pager on a wheel topology), and the pager mode a row opens in.
    case wheel(Pager, returnTo: TopologyKind)
    /// The thumbnail grid, and the pager mode a cell opens in; no pager exists meanwhile.
    case grid(GridModel, returnTo: TopologyKind)
    /// Two photos compared (`CompareModel`), and the pager mode it goes back to; no pager exists meanwhile.
    case compare(CompareModel, returnTo: TopologyKind)

    /// The mode shown, as the user names it; the compare screen's is the pager mode it goes back to.
    public var mode: GalleryMode {
        switch self {
        case .pager(let pager): GalleryMode(pager.topology.kind)
        case .wheel: .wheel
        case .grid: .grid
        case .compare(_, let back): GalleryMode(back)
        }
    }

    /// The pager shown (the pager modes and the wheel); nil in the grid and in compare.
    public var pager: Pager? {
        switch self {
        case .pager(let pager), .wheel(let pager, _): pager
        case .grid, .compare: nil
        }
    }

    /// Whether a strip of photos shows (not the wheel's rows, not the grid): what zooms, turns, fades in and has dots.
    public var isPager: Bool {
        if case .pager = self { return true }
        return false
    }

    /// Whether the feed shows: its pages are its source's, not the library's in order.
    public var isFeed: Bool {
        if case .pager(let pager) = self { return pager.topology.kind == .feed }
        return false
    }

    /// The grid, when it shows.
    public var grid: GridModel? {
        if case .grid(let grid, _) = self { return grid }
        return nil
    }

    /// The compare screen, when it shows.
    public var compare: CompareModel? {
        if case .compare(let compare, _) = self { return compare }
        return nil
    }
}
