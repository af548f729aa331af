import Imaging

/// How decoded pages and textures are bounded by `--cache-mb` at every window size (before they were, at 16384² the
/// three pinned pages alone took 1.8 GB of textures against 64 MB).
///
/// Each share is a fraction of the budget, and the shares add up to 2.25 times it (at most 144 MB for `--cache-mb 64`):
/// three quarters for the page textures and another three quarters for the decoded page surfaces waiting for upload
/// (`pagesShare`, each), one quarter for the zoomed photo's sharp region (`detailShare`) and one half for the grid's
/// thumbnail textures (`thumbnailShare`). Pages are decoded at the page box while one page fits the pages' share and
/// the renderer's texture limit, else at the largest size of the box's shape that does (drawn scaled up: softer, until
/// zoomed); of each residency plan the store keeps as many pages as fit the share, the current one first, then the
/// neighbour ahead, then the one behind (three when three fit, as before). The zoomed photo's region is decoded within
/// `detailShare`: with a margin around the visible part when it fits, the visible part alone otherwise, at a reduced
/// resolution if even that does not fit.
enum PageBudget {
    /// The pages a plan pins when they fit: the current page and its two neighbours.
    static let pinnedPages = 3

    /// `--cache-mb`'s default, 64 MB: the whole budget up to windows of about 4 megapixels.
    static let defaultCacheBytes = 64 << 20
    /// The most the default grows to with the window: 256 MB, three pages of 4096 × 4096 (a 5K screen's take 221 MiB).
    static let largestDefaultCacheBytes = 256 << 20

    /// The budget when `--cache-mb` is not given, for pages shown in `pageBox`: 64 MB, or as much as keeps the current
    /// page and both neighbours at the page box in the pages' share (16 bytes a pixel of the box: three 4-byte pages
    /// in three quarters), at most `largestDefaultCacheBytes`. A 4K screen's 3808 × 2128 box takes 124 MiB.
    static func defaultCacheBytes(pageBox: PixelSize) -> Int {
        min(max(defaultCacheBytes, 16 * pageBox.area), largestDefaultCacheBytes)
    }

    /// The share of `cacheBytes` for the zoomed photo's sharp region.
    static func detailShare(of cacheBytes: Int) -> Int { max(cacheBytes, 0) / 4 }

    /// The share of `cacheBytes` for page textures (and, separately, decoded page surfaces).
    static func pagesShare(of cacheBytes: Int) -> Int { max(cacheBytes, 0) - detailShare(of: cacheBytes) }

    /// The bytes the grid's thumbnail textures may take: half of `cacheBytes`, besides the pages' and the zoom's shares
    /// (3 screens of 128-pixel cells at 1280×720 take 10 MiB of the default 32).
    static func thumbnailShare(of cacheBytes: Int) -> Int { max(cacheBytes, 0) / 2 }

    /// Bytes of one decoded page or texture of `size` (ARGB8888).
    static func bytes(of size: PixelSize) -> Int { 4 * size.area }

    /// The largest size of `size`'s shape (rounded down) whose bytes fit `budgetBytes` and whose sides fit
    /// `maximumSide` (nil: no limit); `size` itself when it fits. At least 1×1.
    static func fitting(_ size: PixelSize, bytes budgetBytes: Int, maximumSide: Int?) -> PixelSize {
        var scale = 1.0
        if bytes(of: size) > budgetBytes {
            scale = (Double(max(budgetBytes, 4)) / Double(bytes(of: size))).squareRoot()
        }
        if let maximumSide, maximumSide > 0 {
            scale = min(scale, Double(maximumSide) / Double(max(size.width, size.height)))
        }
        guard scale < 1 else { return size }
        // Rounded down, forgiving the last bit of floating point (1248 · 1024/1248 must stay 1024).
        func scaled(_ side: Int) -> Int { min(max(Int((Double(side) * scale + 1e-6).rounded(.down)), 1), side) }
        var fitted = PixelSize(width: scaled(size.width), height: scaled(size.height))
        // Rounding can leave a side one pixel over: shave the longer side until it fits.
        while bytes(of: fitted) > budgetBytes, fitted.width > 1 || fitted.height > 1 {
            if fitted.width >= fitted.height { fitted.width -= 1 } else { fitted.height -= 1 }
        }
        return fitted
    }

    /// The box pages are decoded at for a page box of `pageBox` under `cacheBytes` on a renderer whose textures may
    /// have `maximumTextureSide` pixels a side.
    static func decodeBox(pageBox: PixelSize, cacheBytes: Int, maximumTextureSide: Int?) -> PixelSize {
        fitting(pageBox, bytes: pagesShare(of: cacheBytes), maximumSide: maximumTextureSide)
    }

    /// How many pages of a plan a store with `budgetBytes` (its share) keeps, decoding at `box`: all three pinned pages
    /// when they fit, else as many as fit, at least the current page.
    static func pagesKept(box: PixelSize, budgetBytes: Int) -> Int {
        min(max(budgetBytes / max(bytes(of: box), 1), 1), pinnedPages)
    }
}
