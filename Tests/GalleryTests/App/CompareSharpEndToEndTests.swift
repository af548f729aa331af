import Foundation
import GalleryCore
import Imaging
import Support
import Testing

@testable import Gallery

/// The compare screen at 100 % shows each photo's own pixels, decoded again for the part in its half rather than
/// enlarged from the page picture, also once both are turned; `<` `>` draw both turned.
extension SDLSerializedTests {
    @Suite("Compare sharp end to end")
    struct CompareSharpEndToEndTests {
        /// A `side` × `side` black-and-white photo of 2-pixel stripes, upright (`vertical`) or lying: at a quarter of
        /// its size (its page picture in an 800 × 400 window) they average to an even grey.
        static func stripes(side: Int, vertical: Bool) -> [UInt8] {
            PNGWriter.png(
                width: side, height: side, bitDepth: 1, colourType: 0,
                rows: (0..<side).map { y in (0..<side).map { x in ((vertical ? x : y) / 2) % 2 } })
        }

        /// How many of `points` are near black and near white in `shot`: both many where the stripes are resolved, none
        /// where they are averaged to grey.
        static func tones(_ shot: Surface, _ points: [(x: Int, y: Int)]) -> (dark: Int, light: Int) {
            let values = points.map { Int(shot.pixel(x: $0.x, y: $0.y).g) }
            return (values.filter { $0 < 60 }.count, values.filter { $0 > 195 }.count)
        }

        @Test("= shows both halves' stripes resolved, not grey; turned by > they lie the other way, still resolved")
        func actualSizeIsSharp() throws {
            let folder = try TemporaryDirectory()
            try Data(Self.stripes(side: 1600, vertical: true)).write(to: URL(fileURLWithPath: folder.path("1.png")))
            try Data(Self.stripes(side: 1600, vertical: false)).write(to: URL(fileURLWithPath: folder.path("2.png")))
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.3, "v"), ScriptLine.shot(1.0, "fit.png"), ScriptLine.key(1.2, "="),
                    ScriptLine.shot(2.5, "actual.png"), ScriptLine.key(2.7, ">"),
                    ScriptLine.shot(4.0, "turned.png"),
                ],
                arguments: ["--no-thumbnail-cache", folder.path("1.png"), folder.path("2.png")], size: "800x400")
            #expect(run.status == 0, "\(run.standardError)")
            // Along a row of the left half and a column of the right one: across each photo's stripes.
            let row = (100..<300).map { (x: $0, y: 200) }, column = (100..<300).map { (x: 600, y: $0) }
            let fit = try HeadlessEndToEndTests.load(run.shot("fit.png"))
            let fitted = (Self.tones(fit, row), Self.tones(fit, column))
            #expect(fitted.0.dark == 0 && fitted.1.dark == 0, "fitted, the stripes are grey: \(fitted)")
            let actual = try HeadlessEndToEndTests.load(run.shot("actual.png"))
            for tones in [Self.tones(actual, row), Self.tones(actual, column)] {
                #expect(tones.dark > 70 && tones.light > 70, "at 100 % each stripe is its own pixels: \(tones)")
            }
            // Turned a quarter, the left photo's stripes lie along rows and the right one's stand along columns.
            let turned = try HeadlessEndToEndTests.load(run.shot("turned.png"))
            let across = ((100..<300).map { (x: 200, y: $0) }, (500..<700).map { (x: $0, y: 200) })
            for tones in [Self.tones(turned, across.0), Self.tones(turned, across.1)] {
                #expect(tones.dark > 70 && tones.light > 70, "turned and still sharp: \(tones)")
            }
            let along = Self.tones(turned, row)
            #expect(along.dark == 0 || along.light == 0, "the left photo's stripes turned to lie along rows: \(along)")
        }
    }
}
