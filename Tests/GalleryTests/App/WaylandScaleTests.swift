import Foundation
import Glibc
import Testing

/// The window on a scaled Wayland output draws from a buffer of the output's own pixels: a photo of one-pixel black and
/// white squares shown at 100 % (`--fit down`) reaches grim's shot square for square, at an integer scale (2) and at a
/// fractional one (1.5, which SDL 2.26 draws through `wp_viewporter` at the size xdg-output gives). A buffer of fewer
/// pixels enlarged by the compositor would show each square doubled or blended into grey.
@Suite("Scaled outputs on Wayland", .serialized)
struct WaylandScaleTests {
    /// The checkerboard's size: smaller than every output tried, so `--fit down` shows it at 100 %.
    static let checker = (width: 300, height: 200)

    /// A grey PNG of one-pixel squares, black at its top left.
    static func checkerPNG() -> [UInt8] {
        PNGWriter.png(
            width: checker.width, height: checker.height, bitDepth: 8, colourType: 0,
            rows: (0..<checker.height).map { y in (0..<checker.width).map { x in (x + y) % 2 == 0 ? 0 : 255 } })
    }

    /// Where along row `y` of `shot` a pixel's red differs from its right neighbour's by more than 200: across the
    /// checkerboard drawn one output pixel a square, 299 or 300 places spanning 299 pixels (a 1× buffer enlarged twice
    /// spans 598, one the compositor resampled by a fraction has none).
    static func steps(_ shot: Screenshot, row y: Int) -> [Int] {
        (0..<shot.width - 1).filter { abs(shot.pixel(x: $0, y: y).r - shot.pixel(x: $0 + 1, y: y).r) > 200 }
    }

    @Test(
        "A 1-px checkerboard at 100 % is drawn square for square at output scales 2 and 1.5",
        arguments: [(2.0, 800, 600), (1.5, 1200, 900)])
    func checkerboardStaysSharp(scale: Double, width: Int, height: Int) throws {
        let sway = try HeadlessSway(resolution: (width, height), scale: scale)
        defer { sway.stop() }
        let folder = try TemporaryDirectory()
        let photo = folder.path("checker.png")
        try Data(Self.checkerPNG()).write(to: URL(fileURLWithPath: photo))
        let gallery = try WaylandWindowTests.startGallery(
            environment: sway.clientEnvironment, in: folder, arguments: ["--fit", "down", photo])
        defer { WaylandWindowTests.stop(gallery) }

        // Until the photo shows: the middle row crosses the checkerboard, centred in the window that fills the output.
        let shown = try HeadlessSway.waitFor(seconds: 60) { () -> Screenshot? in
            guard gallery.isRunning else { return nil }
            let shot = try sway.screenshot()
            return Self.steps(shot, row: height / 2).count > 100 ? shot : nil
        }
        let shot = try #require(shown, "the checkerboard never showed: \(WaylandWindowTests.said(folder))")
        #expect(shot.width == width && shot.height == height)
        // One step between each pair of neighbouring squares, across the middle rows: nothing doubled, nothing blended.
        for y in height / 2 - 2...height / 2 + 2 {
            let steps = Self.steps(shot, row: y)
            let span = (steps.last ?? 0) - (steps.first ?? 0)
            #expect((299...300).contains(steps.count), "row \(y): \(steps.count) steps at scale \(scale)")
            #expect(span == 299, "row \(y): the squares span \(span) px at scale \(scale), not 299")
        }
        // The squares are pure black and white, not the greys a compositor's enlargement would blend them into.
        let centre = shot.pixel(x: width / 2, y: height / 2)
        #expect(centre.r < 20 || centre.r > 235, "the middle pixel is \(centre) at scale \(scale)")
    }
}
