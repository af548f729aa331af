import Foundation
import GalleryCore
import Imaging
import Support
import Testing

@testable import Gallery

/// `v` compares two photos side by side, zoomed together, headless: the shots' pixels show both photos, each in its
/// half, and the same detail of both under the pointer after a zoom there.
extension SDLSerializedTests {
    @Suite("Compare end to end")
    struct CompareEndToEndTests {
        /// A 200 × 150 photo of `colour` with a white 10 × 10 square at (150, 30), the same place in every photo.
        static func photo(_ colour: (Int, Int, Int)) -> [UInt8] {
            PNGWriter.png(
                width: 200, height: 150, bitDepth: 8, colourType: 2,
                rows: (0..<150).map { y in
                    (0..<200).flatMap { x in
                        (150..<160).contains(x) && (30..<40).contains(y)
                            ? [255, 255, 255] : [colour.0, colour.1, colour.2]
                    }
                })
        }

        /// A `width` × `height` photo of one `colour`.
        static func solid(_ colour: (Int, Int, Int), width: Int, height: Int) -> [UInt8] {
            PNGChunks.solid(
                width: width, height: height, red: UInt8(colour.0), green: UInt8(colour.1), blue: UInt8(colour.2))
        }

        /// Whether `pixel` is near `colour`.
        static func near(_ pixel: RGBA, _ colour: (Int, Int, Int)) -> Bool {
            abs(Int(pixel.r) - colour.0) < 40 && abs(Int(pixel.g) - colour.1) < 40 && abs(Int(pixel.b) - colour.2) < 40
        }

        static let (red, blue, green, white) = ((200, 30, 30), (30, 30, 200), (30, 160, 30), (255, 255, 255))

        @Test(
            "v shows the photo and the next side by side; a zoom at the right half's detail zooms both there; Right moves the right one"
        )
        func sideBySideAndZoomed() throws {
            let folder = try TemporaryDirectory()
            for (name, colour) in [("1.png", Self.red), ("2.png", Self.blue), ("3.png", Self.green)] {
                try Data(Self.photo(colour)).write(to: URL(fileURLWithPath: folder.path(name)))
            }
            // 800 × 400: two 400 × 400 halves, each photo fitted twice its size (400 × 300, from y 50); the white
            // square's middle, (155, 35), is at (310, 120) on the left and (710, 120) on the right.
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.3, "v"), ScriptLine.shot(1.0, "pair.png"),
                    #"{"t":1.2,"type":"zoom","scale":4,"x":710,"y":120}"#, ScriptLine.shot(2.0, "zoomed.png"),
                    ScriptLine.key(2.2, "Right"), ScriptLine.shot(3.0, "moved.png"), ScriptLine.key(3.2, "v"),
                    ScriptLine.shot(4.0, "back.png"),
                ],
                arguments: ["--no-thumbnail-cache", folder.path("1.png"), folder.path("2.png"), folder.path("3.png")],
                size: "800x400")
            #expect(run.status == 0, "\(run.standardError)")
            let pair = try HeadlessEndToEndTests.load(run.shot("pair.png"))
            #expect(Self.near(pair.pixel(x: 200, y: 200), Self.red), "left half: the photo shown")
            #expect(Self.near(pair.pixel(x: 600, y: 200), Self.blue), "right half: the next photo")
            #expect(!Self.near(pair.pixel(x: 200, y: 20), Self.red), "fitted: the background above the left photo")
            #expect(
                Self.near(pair.pixel(x: 310, y: 120), Self.white) && Self.near(pair.pixel(x: 710, y: 120), Self.white))

            let zoomed = try HeadlessEndToEndTests.load(run.shot("zoomed.png"))
            // Four times larger about the right square's middle: each square is 80 px wide there, in both halves.
            for (x, colour) in [
                (310, Self.white), (340, Self.white), (390, Self.red), (710, Self.white), (740, Self.white),
            ] {
                #expect(Self.near(zoomed.pixel(x: x, y: 120), colour), "(\(x), 120) is \(zoomed.pixel(x: x, y: 120))")
            }
            #expect(Self.near(zoomed.pixel(x: 790, y: 150), Self.blue), "the right photo is zoomed, not the left alone")
            #expect(
                Self.near(zoomed.pixel(x: 200, y: 20), Self.red) && Self.near(zoomed.pixel(x: 600, y: 20), Self.blue))

            let moved = try HeadlessEndToEndTests.load(run.shot("moved.png"))
            #expect(
                Self.near(moved.pixel(x: 740, y: 120), Self.white) && Self.near(moved.pixel(x: 600, y: 20), Self.green))
            #expect(Self.near(moved.pixel(x: 200, y: 20), Self.red), "the left photo stays, zoomed")

            let back = try HeadlessEndToEndTests.load(run.shot("back.png"))
            #expect(Self.near(back.pixel(x: 400, y: 200), Self.red) && Self.near(back.pixel(x: 600, y: 200), Self.red))
        }

        @Test(
            "a compared photo that cannot be shown, or is deleted, gives way to a neighbour, each fitted by its own size"
        )
        func libraryChanges() throws {
            let folder = try TemporaryDirectory()
            try Data(Self.solid(Self.red, width: 200, height: 150)).write(
                to: URL(fileURLWithPath: folder.path("1.png")))
            try Data(Self.solid(Self.blue, width: 150, height: 200)).write(
                to: URL(fileURLWithPath: folder.path("2.png")))
            try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder.path("3.png")))
            try Data(Self.solid(Self.green, width: 200, height: 150)).write(
                to: URL(fileURLWithPath: folder.path("4.png")))
            let data = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.3, "v"), ScriptLine.key(0.6, "Right"), ScriptLine.shot(1.5, "dropped.png"),
                    ScriptLine.key(1.7, "Right"), ScriptLine.shot(2.5, "green.png"), ScriptLine.key(2.7, "Delete"),
                    ScriptLine.shot(4.0, "deleted.png"),
                ],
                arguments: ["--no-thumbnail-cache", folder.url.path], size: "800x400",
                environment: ["XDG_DATA_HOME": data.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            // 3.png is dropped: the right half goes back to the portrait blue photo, 300 × 400 from x 450.
            let dropped = try HeadlessEndToEndTests.load(run.shot("dropped.png"))
            #expect(
                Self.near(dropped.pixel(x: 200, y: 200), Self.red)
                    && Self.near(dropped.pixel(x: 600, y: 200), Self.blue))
            #expect(!Self.near(dropped.pixel(x: 420, y: 200), Self.blue), "the portrait photo fitted by its own size")
            let green = try HeadlessEndToEndTests.load(run.shot("green.png"))
            #expect(
                Self.near(green.pixel(x: 600, y: 200), Self.green) && !Self.near(green.pixel(x: 600, y: 20), Self.green)
            )
            // Delete moved the left-hand (red) photo to the Trash: the blue one takes its place, fitted by its own size.
            let deleted = try HeadlessEndToEndTests.load(run.shot("deleted.png"))
            #expect(
                Self.near(deleted.pixel(x: 200, y: 200), Self.blue)
                    && !Self.near(deleted.pixel(x: 20, y: 200), Self.blue))
            #expect(Self.near(deleted.pixel(x: 600, y: 200), Self.green))
            #expect(!FileManager.default.fileExists(atPath: folder.path("1.png")))
        }
    }
}
