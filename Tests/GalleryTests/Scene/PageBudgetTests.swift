import Imaging
import Testing

@testable import Gallery
@testable import GalleryScene

/// The rules that keep pages and the zoom's region within `--cache-mb` at every window size.
@Suite struct PageBudgetTests {
    static let megabyte = 1 << 20

    @Test(
        "decode box and pages kept",
        arguments: [
            // page box, --cache-mb, renderer limit, decode box, pages kept
            (PixelSize(width: 1248, height: 688), 64, nil, PixelSize(width: 1248, height: 688), 3),
            (PixelSize(width: 1888, height: 1048), 64, nil, PixelSize(width: 1888, height: 1048), 3),
            // 4K: one page (32.4 MB) fits the pages' 48 MB, three need --cache-mb 130 or more.
            (PixelSize(width: 3808, height: 2128), 64, nil, PixelSize(width: 3808, height: 2128), 1),
            (PixelSize(width: 3808, height: 2128), 130, nil, PixelSize(width: 3808, height: 2128), 3),
            // The 8192² cap: one page at the page box would be 266 MB; decoded at 3547² (48 MB) and drawn scaled up.
            (PixelSize(width: 8160, height: 8160), 64, nil, PixelSize(width: 3547, height: 3547), 1),
            // A renderer whose textures stop at 1024 a side.
            (PixelSize(width: 1248, height: 688), 64, 1024, PixelSize(width: 1024, height: 564), 3),
            (PixelSize(width: 277, height: 208), 1, nil, PixelSize(width: 277, height: 208), 3),
        ] as [(PixelSize, Int, Int?, PixelSize, Int)])
    func decodeBoxAndPagesKept(pageBox: PixelSize, cacheMB: Int, side: Int?, box: PixelSize, kept: Int) {
        let cache = cacheMB * Self.megabyte
        let decodeBox = PageBudget.decodeBox(pageBox: pageBox, cacheBytes: cache, maximumTextureSide: side)
        #expect(decodeBox == box)
        let keep = PageBudget.pagesKept(box: decodeBox, budgetBytes: PageBudget.pagesShare(of: cache))
        #expect(keep == kept)
        #expect(keep * PageBudget.bytes(of: decodeBox) <= PageBudget.pagesShare(of: cache))
    }

    @Test(
        "The default budget keeps three pages at the window's size, from 64 MB up to 256 MB",
        arguments: [
            // window, budget in MiB
            (PixelSize(width: 1280, height: 720), 64),
            (PixelSize(width: 2560, height: 1600), 64),
            (PixelSize(width: 3840, height: 2160), 123),
            (PixelSize(width: 5120, height: 2880), 221),
            (PixelSize(width: 8192, height: 8192), 256),
        ])
    func defaultBudgetGrowsWithTheWindow(window: PixelSize, mebibytes: Int) {
        // The window less the gap between pages (`GalleryController.pageBox(for:)`).
        let pageBox = PixelSize(width: window.width - 32, height: window.height - 32)
        let budget = PageBudget.defaultCacheBytes(pageBox: pageBox)
        #expect(budget >> 20 == mebibytes)
        let box = PageBudget.decodeBox(pageBox: pageBox, cacheBytes: budget, maximumTextureSide: nil)
        let kept = PageBudget.pagesKept(box: box, budgetBytes: PageBudget.pagesShare(of: budget))
        // Three pages at the page box wherever the 256 MB ceiling allows (all but 8192²).
        #expect(kept == 3 || window.width == 8192)
        if window.width < 8192 { #expect(box == pageBox) }
    }

    @Test(
        "every window size and budget keeps within the pages' share, in the page box's shape",
        arguments: [1, 8, 64, 512], [1, 320, 1280, 4096, 8192])
    func everySizeFits(cacheMB: Int, side: Int) {
        for height in [1, 240, 2160, 8192] {
            let pageBox = PixelSize(width: side, height: height)
            let cache = cacheMB * Self.megabyte
            let box = PageBudget.decodeBox(pageBox: pageBox, cacheBytes: cache, maximumTextureSide: 8192)
            let share = PageBudget.pagesShare(of: cache)
            #expect(PageBudget.pagesKept(box: box, budgetBytes: share) * PageBudget.bytes(of: box) <= share)
            #expect(box.width <= pageBox.width && box.height <= pageBox.height)
            // The same shape, within a pixel of rounding on the shorter side.
            let ratio = Double(pageBox.width) / Double(pageBox.height) * Double(box.height) / Double(box.width)
            #expect(abs(ratio - 1) <= 1 / Double(min(box.width, box.height)) + 1e-9, "\(pageBox) → \(box)")
        }
    }

    @Test(
        "the zoom's region: widened for pans when it fits, the visible part otherwise, reduced when even that does not")
    func zoomRegion() {
        let full = PixelSize(width: 16_000, height: 12_000)
        let visible = PixelRect(x: 7360, y: 5640, width: 1280, height: 720)
        let roomy = ZoomDetail.plan(visible: visible, full: full, budgetBytes: 16 * Self.megabyte, maximumSide: nil)
        #expect(roomy.region == PixelRect(x: 7040, y: 5460, width: 1920, height: 1080))
        #expect(roomy.full == full && roomy.visible == visible)
        let tight = ZoomDetail.plan(visible: visible, full: full, budgetBytes: 4 * Self.megabyte, maximumSide: nil)
        #expect(tight.region == visible)
        let tiny = ZoomDetail.plan(visible: visible, full: full, budgetBytes: Self.megabyte, maximumSide: nil)
        #expect(PageBudget.bytes(of: tiny.region.size) <= Self.megabyte)
        #expect(tiny.full.width < full.width && tiny.region == tiny.visible)
        #expect(tiny.region.x + tiny.region.width <= tiny.full.width)
        // At an edge the widening stops at the picture.
        let corner = ZoomDetail.plan(
            visible: PixelRect(x: 0, y: 0, width: 1280, height: 720), full: full, budgetBytes: 16 * Self.megabyte,
            maximumSide: nil)
        #expect(corner.region == PixelRect(x: 0, y: 0, width: 1600, height: 900))
    }
}
