import Foundation
import GalleryCore
import Support
import Testing

@testable import Gallery

/// `c` shows each file name under its grid thumbnail, and again hides them: checked on headless shots.
extension SDLSerializedTests {
    @Suite("Grid file names end to end")
    struct GridNamesEndToEndTests {
        /// Light grey pixels (the names' colour, not the selection's blue outline nor the dark photos) in the top half
        /// of `shot`, above where the information line shows.
        static func namePixels(_ shot: Surface) -> Int {
            var count = 0
            for row in 0..<shot.height / 2 {
                for column in 0..<shot.width {
                    let pixel = shot.pixel(x: column, y: row)
                    if pixel.r > 120, abs(Int(pixel.r) - Int(pixel.b)) < 40 { count += 1 }
                }
            }
            return count
        }

        @Test("c draws the file names under the grid's thumbnails; c again takes them away")
        func toggleNames() throws {
            let folder = try TemporaryDirectory()
            let png = PNGChunks.solid(width: 40, height: 30, red: 30, green: 20, blue: 60)
            for index in 1...3 { try Data(png).write(to: URL(fileURLWithPath: folder.path("photo\(index).png"))) }
            let run = try GalleryProcess.run(
                [
                    ScriptLine.shot(0.5, "plain.png"), ScriptLine.key(0.6, "c"), ScriptLine.shot(1.0, "names.png"),
                    ScriptLine.key(1.1, "c"), ScriptLine.shot(1.5, "hidden.png"),
                ],
                arguments: ["--no-thumbnail-cache", "--mode", "grid", folder.url.path], size: "480x640")
            #expect(run.status == 0, "\(run.standardError)")
            let plain = Self.namePixels(try HeadlessEndToEndTests.load(run.shot("plain.png")))
            let names = Self.namePixels(try HeadlessEndToEndTests.load(run.shot("names.png")))
            let hidden = Self.namePixels(try HeadlessEndToEndTests.load(run.shot("hidden.png")))
            #expect(plain == 0 && hidden == 0, "plain \(plain), hidden \(hidden)")
            // Three names of about 10 characters: a few hundred pixels of glyphs.
            #expect(names > 100, "names \(names)")
        }
    }
}
