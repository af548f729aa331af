import Foundation
import GalleryCore
import Support
import Testing

@testable import Gallery

/// Text cut by a small window shows that it goes on: the I panel's lines end in "…" at its right edge, and the
/// help has a scroll bar when its lines do not all show. Checked on headless shots at 480 × 320, scale 2.
extension SDLSerializedTests {
    @Suite("Cut text shows that it goes on")
    struct CutTextSignTests {
        /// Bright pixels (text, the scroll bar's thumb) in `rect` of `shot`: the background there is the dimmed frame.
        static func brightPixels(_ shot: Surface, x: Range<Int>, y: Range<Int>) -> Int {
            var count = 0
            for row in y {
                for column in x {
                    let pixel = shot.pixel(x: column, y: row)
                    if Int(pixel.r) + Int(pixel.g) + Int(pixel.b) > 450 { count += 1 }
                }
            }
            return count
        }

        @Test(
            "the panel's first line, cut at the right, ends in a drawn \"…\"; the help's right margin has a scroll bar")
        func panelAndHelpShowTheCut() throws {
            let folder = try TemporaryDirectory()
            let png = PNGChunks.solid(width: 8, height: 6, red: 20, green: 20, blue: 24)
            for index in 1...3 { try Data(png).write(to: URL(fileURLWithPath: folder.path("p\(index).png"))) }
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "I"), ScriptLine.shot(0.5, "panel.png"), ScriptLine.key(0.6, "I"),
                    ScriptLine.key(0.7, "?"), ScriptLine.shot(1.0, "help.png"),
                ],
                arguments: ["--no-thumbnail-cache", "--mode", "endCaps", "--scale", "2", folder.url.path],
                size: "480x320")
            #expect(run.status == 0, "\(run.standardError)")
            // The panel's box runs from x 20 to 460, its text from 38 in 17 px cells (28 pt): 23 cells, the last one
            // (x 412–429) the "…" of "mode      loop (end caps)", whose dots sit on the first line's baseline.
            let panel = try HeadlessEndToEndTests.load(run.shot("panel.png"))
            #expect(Self.brightPixels(panel, x: 412..<429, y: 30..<70) > 0)
            // The help scrolls at this size: the thumb sits at the top of the right margin (x 460–480).
            let help = try HeadlessEndToEndTests.load(run.shot("help.png"))
            #expect(Self.brightPixels(help, x: 462..<478, y: 60..<120) > 20)
        }
    }
}
