import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import Imaging
import Testing

/// SVG in the real `gallery --headless`, decoded by its sandboxed decoders: the page drawn at its size, and a zoom
/// drawn again at its scale.
extension SDLSerializedTests {
    @Suite("SVG end to end")
    struct SVGEndToEndTests {
        /// The pixels of row `y` of `shot` (between `columns`) that are neither blue nor red: an edge's width as drawn.
        static func edgeWidth(_ shot: Surface, y: Int, columns: Range<Int>? = nil) -> Int {
            (columns ?? 0..<shot.width).filter { x in
                let colour = shot.pixel(x: x, y: y)
                return colour.r > 8 && colour.b > 8
            }.count
        }

        @Test("The red rectangle on blue is drawn at the page's size, each colour where the document puts it")
        func anSVGIsDrawnAtThePagesSize() throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(SVGFixture.redOnBlue, to: "red-on-blue.svg")
            let run = try GalleryProcess.run([ScriptLine.shot(0.5, "fit.png")], arguments: [path], size: "640x400")
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("fit.png"))
            // The 2:1 picture fitted to the 608-pixel-wide page box at (16, 48): red from x = 168 to 472, y = 124 to 276.
            let blue = RGBA(r: 0, g: 0, b: 255, a: 255)
            let red = RGBA(r: 255, g: 0, b: 0, a: 255)
            for (x, y, colour) in [
                (20, 52, blue), (150, 200, blue), (180, 200, red), (320, 200, red), (460, 130, red), (490, 200, blue),
                (320, 100, blue), (320, 300, blue), (620, 348, blue),
            ] {
                #expect(shot.pixel(x: x, y: y) == colour, "(\(x), \(y))")
            }
            // Only the page's own pixels: the edge at fit is one pixel wide too.
            #expect(Self.edgeWidth(shot, y: 200, columns: 18..<622) <= 2)
        }

        @Test("At 400 % the visible part is drawn again at that scale: the edge stays one pixel wide")
        func aZoomedSVGIsDrawnAgainAtTheZoomsScale() throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(SVGFixture.edge, to: "edge.svg")
            // + steps 150, 200, 400 % of the fit (an SVG has no pixels of its own: 100 % is the fit).
            let keys = (0..<3).map { ScriptLine.key(0.5 + Double($0) * 0.3, "+") }
            let run = try GalleryProcess.run(
                keys + [ScriptLine.shot(3.0, "zoom.png")], arguments: [path], size: "640x400")
            #expect(run.status == 0, "\(run.standardError)")
            let zoomed = try #require(run.records.last { $0.t <= 3.0 })
            #expect(zoomed.zoom == 4)
            let shot = try HeadlessEndToEndTests.load(run.shot("zoom.png"))
            // Scaled from the page's texture, as a photo past its own pixels is, the edge spread over several pixels
            // (measured: 6, the page drawn 4 times larger, filtered); drawn again, one.
            for y in [100, 200, 300] { #expect(Self.edgeWidth(shot, y: y) == 1, "row \(y)") }
            #expect(shot.pixel(x: 100, y: 200) == RGBA(r: 0, g: 0, b: 255, a: 255))
            #expect(shot.pixel(x: 540, y: 200) == RGBA(r: 255, g: 0, b: 0, a: 255))
        }
    }
}
