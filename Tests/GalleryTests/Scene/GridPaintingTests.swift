import Foundation
import GalleryCore
import Glibc
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// The grid as drawn: headless frames of a controller in grid mode, probed at the pixels the layout names.
extension SDLSerializedTests {
    @Suite("Grid painting: thumbnails in cells, outline, badges, scroll thumb, the zoom into the pager")
    @MainActor struct GridPaintingTests {
        /// The fixture's photos: 20 flat colours, far from the background, the placeholder and each other.
        static let colours: [RGBA] = (0..<20).map { (index: Int) -> RGBA in
            let red = UInt8(60 + index * 9)
            let green = UInt8(200 - index * 7)
            let blue: UInt8 = index % 2 == 0 ? 90 : 220
            return RGBA(r: red, g: green, b: blue)
        }

        /// A headless gallery of 640×360 in grid mode over the fixture's photos (or `synthetic` generated pages),
        /// thumbnails decoded without the shared cache.
        @MainActor final class Fixture {
            let target: Surface
            let renderer: Renderer
            let worker: DecodeWorker
            /// The thumbnails' own worker: a store takes every result its worker hands back.
            let thumbnailWorker: DecodeWorker
            let gallery: GalleryController
            let folder: TemporaryDirectory
            var time = 0.0

            init(synthetic: Int? = nil, width: Int = 640, height: Int = 360) throws {
                try SDLTestSession.start()
                folder = try TemporaryDirectory()
                for (index, colour) in GridPaintingTests.colours.enumerated() {
                    let png = PNGChunks.solid(width: 64, height: 48, red: colour.r, green: colour.g, blue: colour.b)
                    try Data(png).write(to: URL(fileURLWithPath: folder.path(String(format: "p%02d.png", index))))
                }
                target = try Surface(width: width, height: height, opaque: true)
                renderer = try Renderer(target: target)
                worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
                thumbnailWorker = DecodeWorker(threadCount: 1, wakeEventType: nil)
                let library =
                    try synthetic.map { PageLibrary(syntheticCount: $0) }
                    ?? PageLibrary(photos: PhotoIndex(paths: [folder.url.path]))
                gallery = try GalleryController(
                    library: library, mode: .grid, renderer: renderer, worker: worker, thumbnailWorker: thumbnailWorker)
            }

            isolated deinit {
                worker.shutdown()
                thumbnailWorker.shutdown()
            }

            /// Frames at 60 Hz for `seconds`, each waiting for the decodes asked for (as headless runs do).
            func run(_ seconds: Double, waiting: Bool = true, eachFrame: () throws -> Void = {}) throws {
                let end = time + seconds
                while time < end - 1e-9 {
                    time += 1.0 / 60
                    gallery.advance(to: time)
                    if waiting { try settleDecodes() }
                    try gallery.receiveDecodes(uploadBudget: nil)
                    try gallery.render()
                    try eachFrame()
                }
            }

            /// Waits until nothing is being decoded (5 s at most).
            func settleDecodes() throws {
                let deadline = MonotonicClock.seconds() + 5
                while gallery.pendingDecodes > 0, MonotonicClock.seconds() < deadline {
                    try gallery.receiveDecodes(uploadBudget: nil)
                    usleep(500)
                }
            }

            var grid: GridModel { get throws { try #require(gallery.model.screen.grid) } }

            func pixel(_ x: Int, _ y: Int) -> RGBA { target.pixel(x: x, y: y) }
        }

        @Test("Each visible cell shows its photo's thumbnail; the selection is outlined; a marked photo has its badge")
        func cells() throws {
            let fixture = try Fixture()
            fixture.gallery.perform(.next, at: 0.01)
            fixture.gallery.perform(.toggleMark, at: 0.02)
            try fixture.run(0.5)
            let grid = try fixture.grid
            let offset = grid.offset(at: fixture.time)
            let cells = grid.layout.visibleCells(offset: offset)
            #expect(cells.count >= 8)
            for cell in cells where cell.rect.y >= 0 && cell.rect.maxY <= 360 {
                let centre = fixture.pixel(cell.rect.x + cell.rect.width / 2, cell.rect.y + cell.rect.height / 2)
                #expect(centre == Self.colours[cell.photo.rawValue], "cell \(cell.photo)")
            }
            // The outline: its ring around photo 1's cell, none around photo 0's.
            #expect(grid.selection == 1)
            for photo: PhotoID in [0, 1] {
                let ring = grid.layout.outline(photo: photo, offset: offset)
                let cell = grid.layout.cellRect(photo: photo, offset: offset)
                let probes = [
                    (ring.x + ring.width / 2, ring.y + 1), (ring.x + 1, ring.y + ring.height / 2),
                    (ring.x + ring.width / 2, ring.maxY - 2), (ring.maxX - 2, cell.y + cell.height / 2),
                ]
                for (x, y) in probes {
                    let expected = photo == 1 ? GridPainter.outline : GridPainter.background
                    #expect(fixture.pixel(x, y) == expected, "photo \(photo) at (\(x), \(y))")
                }
            }
            // The badge sits in the top-right corner of the drawn thumbnail (4:3 in a square cell: letterboxed).
            let thumbnail = try #require(fixture.gallery.thumbnails.texture(for: 1)).size
            let marked = GridPainter.fittedRect(of: thumbnail, in: grid.layout.cellRect(photo: 1, offset: offset))
            let amber = (marked.y..<marked.y + 30).flatMap { y in
                (marked.maxX - 30..<marked.maxX).map { fixture.pixel($0, y) }
            }
            #expect(amber.contains(MarkBadge.fill))
            let unmarked = GridPainter.fittedRect(of: thumbnail, in: grid.layout.cellRect(photo: 2, offset: offset))
            #expect(!(unmarked.y..<unmarked.y + 30).contains { fixture.pixel(unmarked.maxX - 8, $0) == MarkBadge.fill })
        }

        @Test("The scroll thumb shows where the rows are: at the top first, at the bottom after End")
        func scrollThumb() throws {
            let fixture = try Fixture()
            try fixture.run(0.3)
            let top = try #require(try fixture.grid.layout.scrollThumb(offset: fixture.grid.offset(at: fixture.time)))
            #expect(top.y == 0)
            #expect(fixture.pixel(top.x + top.width / 2, top.y + top.height / 2) == GridPainter.thumb)
            fixture.gallery.perform(.last, at: fixture.time)
            try fixture.run(1)
            let bottom = try #require(
                try fixture.grid.layout.scrollThumb(offset: fixture.grid.offset(at: fixture.time)))
            #expect(bottom.maxY == 360)
            #expect(fixture.pixel(bottom.x + bottom.width / 2, bottom.maxY - 2) == GridPainter.thumb)
            #expect(fixture.pixel(top.x + top.width / 2, top.y + 2) == GridPainter.background)
        }

        @Test("Mid-fling, every row on screen is drawn: down any cell's column, background only in the gaps")
        func flingLeavesNoGaps() throws {
            let fixture = try Fixture(synthetic: 2_000)
            var checked = 0
            for _ in 0..<3 {
                fixture.gallery.apply(.pointerDown(x: 320, y: 300), at: fixture.time)
                try fixture.run(1.0 / 60)
                for step in 1...4 {
                    fixture.gallery.apply(.pointerMove(x: 320, y: 300 - Double(step) * 60), at: fixture.time)
                    try fixture.run(1.0 / 60, waiting: false)
                }
                fixture.gallery.apply(.pointerUp(x: 320, y: 60), at: fixture.time)
                try fixture.run(0.25, waiting: false) {
                    let grid = try fixture.grid
                    guard grid.isAnimating(at: fixture.time) else { return }
                    let layout = grid.layout
                    let x = layout.leftMargin + layout.cellSide / 2
                    // A missing row would leave a band of background a cell tall; letterboxed 4:3 thumbnails leave
                    // less than a quarter cell above and below them, plus the gap.
                    var run = 0
                    for y in 0..<360 {
                        run = fixture.pixel(x, y) == GridPainter.background ? run + 1 : 0
                        #expect(run < layout.gap + layout.cellSide / 2, "a gap of \(run) px at y \(y)")
                    }
                    for cell in grid.visibleCells(at: fixture.time) where cell.rect.y >= 0 && cell.rect.maxY <= 360 {
                        let centre = fixture.pixel(
                            cell.rect.x + cell.rect.width / 2, cell.rect.y + cell.rect.height / 2)
                        #expect(centre != GridPainter.background, "cell \(cell.photo)")
                    }
                    checked += 1
                }
            }
            #expect(checked > 10)
            #expect(try fixture.grid.offset(at: fixture.time) > 500)
        }

        @Test("Opening a photo flies it from its cell to the page box, and back into the cell on Enter")
        func zoomTransition() throws {
            let fixture = try Fixture()
            fixture.gallery.perform(.goToPhoto(5), at: 0.01)
            try fixture.run(0.5)
            let grid = try fixture.grid
            let cell = grid.selectionCell(at: fixture.time)
            let colour = Self.colours[5]
            fixture.gallery.perform(.open, at: fixture.time)
            #expect(fixture.gallery.mode != .grid)
            // A quarter of the time, 58 % of the way (eased out).
            try fixture.run(GridZoom.duration / 4)
            let page = fixture.gallery.photoBox
            let opening = try #require(bounds(of: colour, in: fixture.target))
            // Fitted 4:3 in each: wider than in the cell, narrower than in the page box, its centre on the way.
            let thumbnail = try #require(fixture.gallery.drawing.grid.flight?.texture).size
            let inCell = GridPainter.fittedRect(of: thumbnail, in: cell)
            let inPage = page.centring(PixelSize(width: 64, height: 48).fitted(inside: page.size))
            #expect(opening.width > inCell.width + 20 && opening.width < inPage.width - 20, "\(opening)")
            #expect(opening.height > inCell.height + 10 && opening.height < inPage.height - 10, "\(opening)")
            let centreX = opening.x + opening.width / 2
            #expect(centreX > min(inCell.x, inPage.x) && centreX < max(inCell.maxX, inPage.maxX))
            try fixture.run(GridZoom.duration)
            #expect(fixture.gallery.drawing.grid.flight == nil)
            let landed = try #require(bounds(of: colour, in: fixture.target))
            #expect(abs(landed.width - inPage.width) <= 2 && abs(landed.height - inPage.height) <= 2, "\(landed)")

            fixture.gallery.perform(.open, at: fixture.time)
            #expect(fixture.gallery.mode == .grid)
            try fixture.run(GridZoom.duration / 4)
            let closing = try #require(bounds(of: colour, in: fixture.target))
            let back = try fixture.grid.selectionCell(at: fixture.time)
            let inBack = GridPainter.fittedRect(of: thumbnail, in: back)
            #expect(closing.width < inPage.width - 20 && closing.width > inBack.width + 10, "\(closing)")
            try fixture.run(GridZoom.duration)
            #expect(bounds(of: colour, in: fixture.target) == inBack)
        }

        @Test("Back from a page, the grid's first frame shows every cell painted before, with nothing decoded again")
        func cellsStayPaintedThroughAPage() throws {
            let fixture = try Fixture()
            fixture.gallery.perform(.goToPhoto(5), at: 0.01)
            try fixture.run(0.5)
            fixture.gallery.perform(.open, at: fixture.time)
            try fixture.run(2)
            #expect(fixture.gallery.mode != .grid)
            fixture.gallery.perform(.open, at: fixture.time)
            // The first frame of the zoom back, before any decode could be taken in.
            fixture.time += 1.0 / 60
            fixture.gallery.advance(to: fixture.time)
            try fixture.gallery.render()
            let grid = try fixture.grid
            let cells = grid.visibleCells(at: fixture.time).filter {
                $0.photo != grid.selection && $0.rect.y >= 0 && $0.rect.maxY <= 360
            }
            #expect(cells.count >= 6)
            var own = 0
            for cell in cells {
                // Photo 5 flies back over the cells from the page box.
                let centre = fixture.pixel(cell.rect.x + cell.rect.width / 2, cell.rect.y + cell.rect.height / 2)
                #expect(centre == Self.colours[cell.photo.rawValue] || centre == Self.colours[5], "cell \(cell.photo)")
                if centre == Self.colours[cell.photo.rawValue] { own += 1 }
            }
            #expect(own >= 4, "\(own) cells show their photo")
        }

        @Test("100,000 photos flung and jumped end to end: thumbnail textures stay within the grid's capacity")
        func hundredThousandStaysBounded() throws {
            let fixture = try Fixture(synthetic: 100_000)
            let thumbnails = fixture.gallery.thumbnails
            var most = 0
            let check = {
                most = max(most, thumbnails.count)
                #expect(thumbnails.count <= thumbnails.capacity)
                #expect(fixture.gallery.store.textureBytes <= PageBudget.pagesShare(of: fixture.gallery.budget.bytes))
            }
            for round in 0..<24 {
                if round == 12 { fixture.gallery.perform(.last, at: fixture.time) }
                let direction = round < 12 ? 1.0 : -1.0
                fixture.gallery.apply(.pointerDown(x: 320, y: 180), at: fixture.time)
                for step in 1...5 {
                    try fixture.run(1.0 / 60, waiting: false, eachFrame: check)
                    fixture.gallery.apply(
                        .pointerMove(x: 320, y: 180 - direction * Double(step) * 30), at: fixture.time)
                }
                fixture.gallery.apply(.pointerUp(x: 320, y: 180 - direction * 150), at: fixture.time)
                try fixture.run(0.4, waiting: false, eachFrame: check)
            }
            try fixture.settleDecodes()
            try fixture.run(0.1, eachFrame: check)
            let layout = try fixture.grid.layout
            #expect(
                thumbnails.capacity
                    == ThumbnailStore.gridCapacity(
                        shown: layout.columns * (layout.height / layout.pitch + 2),
                        box: PixelSize(width: layout.cellSide, height: layout.cellSide),
                        budgetBytes: PageBudget.thumbnailShare(of: fixture.gallery.budget.bytes)))
            #expect(most > 0)
            #expect(try fixture.grid.selection > 99_000)
        }

        @Test("With an upload budget (the window's), a burst of thumbnails is uploaded over several frames")
        func uploadsSpreadOverFrames() throws {
            let fixture = try Fixture(synthetic: 2_000, width: 1280, height: 720)
            fixture.thumbnailWorker.waitUntilIdle()
            let thumbnails = fixture.gallery.thumbnails
            let wanted = thumbnails.pendingCount
            #expect(wanted > 2 * ThumbnailStore.uploadsPerPage)
            try fixture.gallery.receiveDecodes(uploadBudget: 1)
            #expect(thumbnails.count == ThumbnailStore.uploadsPerPage)
            #expect(thumbnails.hasPendingUploads && fixture.gallery.needsFrame)
            #expect(thumbnails.pendingCount == wanted - ThumbnailStore.uploadsPerPage)
            try fixture.gallery.receiveDecodes(uploadBudget: nil)
            #expect(thumbnails.count == wanted && !thumbnails.hasPendingUploads && thumbnails.pendingCount == 0)
        }

        @Test(
            "The grid keeps three screens of thumbnails within its byte budget, never less than a screen",
            arguments: [
                (shown: 60, side: 128, budget: 32 << 20, capacity: 180),
                (shown: 60, side: 128, budget: 1 << 20, capacity: 60),
                (shown: 20, side: 512, budget: 8 << 20, capacity: 20),
                (shown: 20, side: 256, budget: 8 << 20, capacity: 32),
                (shown: 0, side: 64, budget: 0, capacity: 1),
            ])
        func capacity(shown: Int, side: Int, budget: Int, capacity: Int) {
            #expect(
                ThumbnailStore.gridCapacity(
                    shown: shown, box: PixelSize(width: side, height: side), budgetBytes: budget) == capacity)
        }

        @Test(
            "The zoom eases out over 200 ms of the model's clock",
            arguments: [(0.0, 0.0), (0.1, 0.875), (0.2, 1.0), (-1.0, 0.0), (5.0, 1.0)])
        func easing(elapsed: Double, progress: Double) {
            let zoom = GridZoom(photo: 0, direction: .opening, start: 0, cell: nil, texture: nil)
            #expect(abs(zoom.progress(at: elapsed) - progress) < 1e-12)
            #expect(zoom.isRunning(at: elapsed) == (elapsed < GridZoom.duration))
        }

        /// The smallest rectangle holding every pixel of `colour` in `surface`, nil when there is none.
        private func bounds(of colour: RGBA, in surface: Surface) -> PixelRect? {
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
            for y in 0..<surface.height {
                for x in 0..<surface.width where surface.pixel(x: x, y: y) == colour {
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
            }
            guard maxX >= 0 else { return nil }
            return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
    }
}
