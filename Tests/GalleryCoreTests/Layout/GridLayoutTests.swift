import GalleryCore
import PagerEngine
import Support
import Testing

@Suite("Grid layout")
struct GridLayoutTests {
    @Test(
        "no cell leaves the viewport sideways, from 320×240 to 3840×2160",
        arguments: [(320, 240), (640, 480), (1280, 720), (1920, 1080), (3840, 2160)], [1.0, 1.5, 2])
    func cellsInsideHorizontally(size: (Int, Int), scale: Double) {
        for step in GridLayout.sizeSteps.indices {
            let layout = GridLayout(width: size.0, height: size.1, scale: scale, sizeStep: step, photoCount: 500)
            let cells = layout.visibleCells(offset: 0)
            #expect(!cells.isEmpty)
            for cell in cells { #expect(cell.rect.x >= 0 && cell.rect.maxX <= size.0) }
            #expect(layout.columns >= 1)
        }
    }

    @Test("100,000 photos lay out only the visible rows, at any offset")
    func hundredThousand() {
        let layout = GridLayout(width: 1280, height: 720, photoCount: 100_000)
        #expect(layout.columns == 9 && layout.cellSide == 128 && layout.gap == 8)
        #expect(layout.rows == 11_112)
        let maxOffset = layout.scrollGeometry.maxOffset
        for offset in [0, 12_345.6, maxOffset / 2, maxOffset, maxOffset + 300, -300] {
            let cells = layout.visibleCells(offset: offset)
            #expect(cells.count <= layout.columns * 7)
            #expect(cells.allSatisfy { $0.rect.maxY > 0 && $0.rect.y < 720 })
        }
        #expect(layout.visibleCells(offset: maxOffset).last?.photo == 99_999)
        #expect(layout.decodeOrder(offset: 0).prefix(9).map(\.rawValue) == Array(0..<9))
    }

    @Test("a click hits the cell under it, nothing in a gap or past the last photo")
    func hitTest() {
        let layout = GridLayout(width: 1280, height: 720, photoCount: 100)
        let cell = layout.cellRect(photo: 12, offset: 0)
        #expect(layout.photo(atX: Double(cell.x + 5), y: Double(cell.y + 5), offset: 0) == 12)
        #expect(layout.photo(atX: Double(cell.x - 2), y: Double(cell.y + 5), offset: 0) == nil)
        #expect(
            GridLayout(width: 1280, height: 720, photoCount: 20).photo(atX: Double(cell.x + 5), y: 700, offset: 0)
                == nil)
        // Scrolled by a row, the same point shows the photo a row below.
        let scrolled = Double(layout.pitch)
        #expect(
            layout.photo(atX: Double(cell.x + 5), y: Double(cell.y + 5), offset: scrolled)
                == PhotoID(12 + layout.columns))
    }

    @Test("the scroll thumb's length is the visible share, at least the minimum, and tracks the offset")
    func scrollThumb() {
        let few = GridLayout(width: 1280, height: 720, photoCount: 20)
        #expect(few.scrollThumb(offset: 0) == nil)
        let some = GridLayout(width: 1280, height: 720, photoCount: 300)
        let top = some.scrollThumb(offset: 0)!
        let expected = Int((720.0 * 720 / Double(some.contentHeight)).rounded())
        #expect(top.height == expected && top.y == 0 && top.maxX <= 1280)
        let bottom = some.scrollThumb(offset: some.scrollGeometry.maxOffset)!
        #expect(bottom.maxY == 720)
        let many = GridLayout(width: 1280, height: 720, scale: 2, photoCount: 100_000)
        #expect(many.scrollThumb(offset: 0)!.height == 48)
    }

    @Test(
        "the size steps ask the freedesktop cache for normal, then large",
        arguments: zip(0..<5, [128, 128, 128, 256, 256]))
    func flavours(step: Int, side: Int) {
        #expect(GridLayout(width: 1280, height: 720, sizeStep: step, photoCount: 1).thumbnailFlavour.side == side)
    }

    @Test("the offset that shows a photo scrolls the least, to a row boundary")
    func offsetShowing() {
        let layout = GridLayout(width: 1280, height: 720, photoCount: 1000)
        let geometry = layout.scrollGeometry
        for (photo, from) in [(0, 5000.0), (500, 0), (999, 0), (45, 0), (300, 2720)] {
            let offset = layout.offset(showing: PhotoID(photo), from: from)
            #expect(GridSnap.isResting(offset, in: geometry))
            let rect = layout.cellRect(photo: PhotoID(photo), offset: offset)
            #expect(rect.y >= 0 && rect.maxY <= 720)
        }
        #expect(layout.offset(showing: 10, from: 0) == 0)
    }
}
