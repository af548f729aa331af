import Foundation
import Gallery
import GalleryCore
import Imaging
import PagerEngine
import Testing

/// The view keys run headless as a process: turned and mirrored photos, judged by the pixels of shots.
extension SDLSerializedTests {
    @Suite("View keys end to end")
    struct ViewEndToEndTests {
        /// A 200 × 100 grey PNG whose top-left 40 × 40 corner is red.
        static func cornerPhoto() -> [UInt8] {
            let rows = (0..<100).map { y in
                (0..<200).flatMap { x in x < 40 && y < 40 ? [230, 20, 30] : [128, 128, 128] }
            }
            return PNGWriter.png(width: 200, height: 100, bitDepth: 8, colourType: 2, rows: rows)
        }

        /// The bounds of the pixels in `surface` that `matches`, as (left, top, right, bottom), inclusive.
        static func bounds(_ surface: Surface, _ matches: (RGBA) -> Bool) -> (Int, Int, Int, Int)? {
            var box: (Int, Int, Int, Int)?
            for y in 0..<surface.height {
                for x in 0..<surface.width where matches(surface.pixel(x: x, y: y)) {
                    box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
                }
            }
            return box
        }

        @Test(
            "The red top-left corner ends up in the expected corner; a quarter turn is fitted upright",
            arguments: [
                ([">"], "top right", true), (["Ctrl+R"], "top right", true), (["<"], "bottom left", true),
                (["|"], "top right", false), (["_"], "bottom left", false), ([">", ">"], "bottom right", false),
                ([">", "|"], "top left", true), ([">", "<"], "top left", false),
            ])
        func corner(keys: [String], corner: String, upright: Bool) throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(Self.cornerPhoto(), to: "corner.png")
            var script = keys.enumerated().map { ScriptLine.key(0.5 + Double($0.offset) * 0.1, $0.element) }
            script.append(ScriptLine.shot(4, "view.png"))
            let run = try GalleryProcess.run(script, arguments: [path], size: "640x400")
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("view.png"))
            let photo = try #require(Self.bounds(shot) { $0.r > 100 && $0.g > 60 || $0.r > 150 })
            let red = try #require(Self.bounds(shot) { $0.r > 150 && $0.g < 80 && $0.b < 80 })
            let (width, height) = (photo.2 - photo.0 + 1, photo.3 - photo.1 + 1)
            // A quarter turn shows the 2:1 photo 1:2, fitted to the window's height (less the page box's margins).
            let (long, short) = upright ? (height, width) : (width, height)
            #expect(abs(long - 2 * short) <= 3, "photo \(width)×\(height)")
            #expect(upright ? height > 300 : width > 500, "photo \(width)×\(height)")
            let centre = (x: Double(red.0 + red.2) / 2, y: Double(red.1 + red.3) / 2)
            let right = centre.x > Double(photo.0 + photo.2) / 2
            let bottom = centre.y > Double(photo.1 + photo.3) / 2
            #expect("\(bottom ? "bottom" : "top") \(right ? "right" : "left")" == corner)
            // The red square stays a fifth of the photo's short side.
            #expect(abs(Double(red.2 - red.0 + 1) - Double(min(width, height)) * 0.4) <= 3)
        }

        @Test(
            "Zoomed, Right pans a third of the window with the spring, then at the edge turns the page; Down pans down")
        func keyboardPan() throws {
            // The Hubble deep field, 1000×872: + three times from the 789 px fit is 200 %, 2000 px wide, so the
            // photo's centre may move 360 px either way (and 512 px up or down in 720).
            let photo = ZoomEndToEndTests.photo
            let keys = (0..<3).map { ScriptLine.key(0.1 + Double($0) * 0.05, "+") }
            let pans = [
                ScriptLine.key(1, "Down"), ScriptLine.key(1.05, "Right"), ScriptLine.key(2, "Right"),
                ScriptLine.key(3, "l"),
            ]
            let run = try GalleryProcess.run(keys + pans, arguments: [photo], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            // Mid-spring, then at rest a third of the window over (clamped at the right edge: −360).
            let moving = try #require(run.records.first { $0.t > 1.06 })
            #expect(moving.panX < 0 && moving.panX > -360, "pan \(moving.panX)")
            let panned = try #require(run.records.last { $0.t < 2 })
            #expect(panned.page == 4)
            #expect(abs(panned.panX + 360) < 1e-6 && abs(panned.panY + 240) < 1e-6)
            #expect(abs(panned.zoom - 2000.0 / 789) < 1e-6)
            // At the right edge, Right turns the page; the next photo starts at fit, and l turns again.
            let turned = try #require(run.records.last { $0.t < 3 })
            #expect(turned.page == 5 && turned.zoom == 1)
            #expect(run.records.last?.page == 6)
        }

        @Test(
            "With z, a page turn keeps the zoom as a share of the photo's own pixels and the pan as a share of its room"
        )
        func keepZoom() throws {
            // The Hubble deep field at 100 % (1000×872 in 1280×720: 76 px to pan up or down), panned to its bottom
            // edge; the next photo is 1411×1411 (fit 688 px): at 100 % it may pan 345.5 px each way.
            let script = [
                ScriptLine.key(0.1, "z"), ScriptLine.key(0.2, "="), ScriptLine.key(1, "Down"), ScriptLine.key(1.5, "n"),
                ScriptLine.key(2.5, "B"), ScriptLine.shot(3, "kept.png"),
            ]
            let run = try GalleryProcess.run(script, arguments: [ZoomEndToEndTests.photo], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let before = try #require(run.records.last { $0.t < 1.5 })
            #expect(before.page == 4 && abs(before.panY + 76) < 0.1, "pan \(before.panY)")
            // Before B: the status bar refits the zoom.
            let after = try #require(run.records.last { $0.t < 2.5 })
            #expect(after.page == 5)
            #expect(abs(after.zoom - 1411.0 / 688) < 1e-3, "zoom \(after.zoom)")
            #expect(abs(after.panY + 345.5) < 1, "pan \(after.panY)")

            // Without z the next photo opens at fit, as before.
            let plain = try GalleryProcess.run(
                Array(script.dropFirst()), arguments: [ZoomEndToEndTests.photo], size: "1280x720")
            #expect(plain.records.last?.page == 5 && plain.records.last?.zoom == 1)
            #expect(FileManager.default.fileExists(atPath: run.shot("kept.png")))
        }
    }
}
