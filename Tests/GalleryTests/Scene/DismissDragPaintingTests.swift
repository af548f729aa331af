import GalleryCore
import Imaging
import PagerEngine
import Testing

@testable import Gallery
@testable import GalleryScene

/// A photo dragged down to the grid as drawn: headless frames of a controller, probed for the photo's own colour.
extension SDLSerializedTests {
    @Suite(
        "Drag down to the grid: the photo drawn smaller and lower mid-drag, the grid behind, the flight into its cell")
    @MainActor struct DismissDragPaintingTests {
        typealias Fixture = GridPaintingTests.Fixture

        /// The smallest rectangle holding every pixel of `colour` in `surface`, nil when there is none.
        static func bounds(of colour: RGBA, in surface: Surface) -> PixelRect? {
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
            for y in 0..<surface.height {
                for x in 0..<surface.width where surface.pixel(x: x, y: y) == colour {
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
            }
            guard maxX >= 0 else { return nil }
            return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }

        @Test(
            "Mid-drag the photo is smaller and lower than at rest, over the faded grid; released, it lands in its cell")
        func midDragAndLanding() throws {
            let fixture = try Fixture()
            let colour = GridPaintingTests.colours[5]
            fixture.gallery.perform(.goToPhoto(5), at: 0.01)
            try fixture.run(0.3)
            fixture.gallery.perform(.open, at: fixture.time)
            try fixture.run(1)
            #expect(fixture.gallery.mode == .threeSurfaces)
            let rest = try #require(Self.bounds(of: colour, in: fixture.target))
            // Down 90 px of 360, in steps of 10 px a frame, then held still.
            fixture.gallery.apply(.pointerDown(x: 320, y: 100), at: fixture.time)
            for step in 1...9 {
                try fixture.run(1.0 / 60)
                fixture.gallery.apply(.pointerMove(x: 320, y: 100 + Double(step) * 10), at: fixture.time)
            }
            try fixture.run(0.1)
            let mid = try #require(Self.bounds(of: colour, in: fixture.target))
            // Narrower (its bottom may leave the window, so its height says less), and its top 90 px lower less what the
            // shrink takes off above its centre.
            #expect(mid.width < rest.width - 20, "\(mid) against \(rest)")
            #expect(mid.y > rest.y + 60, "lower: \(mid) against \(rest)")
            #expect(abs((mid.x + mid.width / 2) - (rest.x + rest.width / 2)) <= 1, "straight down")
            // Behind it, the grid's other cells show through the fading background: not the pager's background.
            let grid = try #require(fixture.gallery.model.dismiss?.grid)
            let other = try #require(grid.visibleCells(at: fixture.time).first { $0.photo == 0 })
            let behind = fixture.pixel(other.rect.x + other.rect.width / 2, other.rect.y + other.rect.height / 2)
            #expect(behind != ScenePainter.background && behind != GridPaintingTests.colours[0], "\(behind)")
            // Released still, 90 px is past the threshold (0.4 of a third of 360 px is 48 px): back to the grid.
            fixture.gallery.apply(.pointerUp(x: 320, y: 190), at: fixture.time)
            #expect(fixture.gallery.mode == .grid)
            #expect(try fixture.grid.selection == 5)
            try fixture.run(1.0 / 60)
            let flying = try #require(Self.bounds(of: colour, in: fixture.target))
            #expect(flying.width <= mid.width && flying.y >= mid.y - 40, "the flight starts where it was let go")
            try fixture.run(GridZoom.duration + 0.1)
            let cell = try fixture.grid.selectionCell(at: fixture.time)
            let thumbnail = try #require(fixture.gallery.thumbnails.texture(for: 5)).size
            #expect(Self.bounds(of: colour, in: fixture.target) == GridPainter.fittedRect(of: thumbnail, in: cell))
        }

        @Test("Released early the photo springs back to where it rests, the pager on the same photo")
        func springsBack() throws {
            let fixture = try Fixture()
            let colour = GridPaintingTests.colours[5]
            fixture.gallery.perform(.goToPhoto(5), at: 0.01)
            try fixture.run(0.3)
            fixture.gallery.perform(.open, at: fixture.time)
            try fixture.run(1)
            let rest = try #require(Self.bounds(of: colour, in: fixture.target))
            fixture.gallery.apply(.pointerDown(x: 320, y: 100), at: fixture.time)
            for step in 1...3 {
                try fixture.run(1.0 / 60)
                fixture.gallery.apply(.pointerMove(x: 320, y: 100 + Double(step) * 10), at: fixture.time)
            }
            try fixture.run(0.1)
            fixture.gallery.apply(.pointerUp(x: 320, y: 130), at: fixture.time)
            #expect(fixture.gallery.mode == .threeSurfaces)
            #expect(fixture.gallery.needsFrame, "the spring back draws frames")
            try fixture.run(0.4)
            #expect(fixture.gallery.model.dismiss == nil)
            #expect(Self.bounds(of: colour, in: fixture.target) == rest)
            #expect(fixture.gallery.currentPage == 5)
        }
    }
}
