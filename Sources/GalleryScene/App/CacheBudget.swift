import Imaging

/// The bytes the page stores, the zoom and the thumbnails share (`PageBudget` splits them): `--cache-mb`, or its
/// default grown to the window's size.
struct CacheBudget {
    /// The budget for the window's size now.
    var bytes = 0
    /// `--cache-mb` as given, or its default.
    let given: Int
    /// Whether the budget grows with the window (`PageBudget.defaultCacheBytes`): `--cache-mb` was not given.
    let growsWithWindow: Bool

    /// The budget of `given` bytes, grown to an output of `size` when `growsWithWindow`.
    init(given: Int, growsWithWindow: Bool, size: PixelSize) {
        self.given = given
        self.growsWithWindow = growsWithWindow
        bytes = bytes(for: size)
    }

    /// The budget for an output of `size`: `given`, or when it grows with the window at least what keeps three pages
    /// at its page box.
    func bytes(for size: PixelSize) -> Int {
        growsWithWindow
            ? max(given, PageBudget.defaultCacheBytes(pageBox: GalleryController.pageBox(for: size))) : given
    }
}
