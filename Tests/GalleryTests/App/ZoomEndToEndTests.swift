import CSDL2
import Foundation
import Gallery
import GalleryCore
import PagerEngine
import Support
import Testing

/// Zoom and pan nested in the pager, run headless as a process: traces and pixels.
extension SDLSerializedTests {
    @Suite("Zoom end to end")
    struct ZoomEndToEndTests {
        /// The Hubble deep field: 1000×872, so 100 % and fit differ, and a plain centre region to compare.
        static let photo = BundledPhotos.paths[4]

        @Test("+ three times then a drag pans the photo and keeps the page; a drag past the edge turns it")
        func panThenHandOver() throws {
            let keys = (0..<3).map { ScriptLine.key(0.1 + Double($0) * 0.05, "+") }
            // 100 px left, then held still before letting go: within the pan room (+ three times from the 789 px fit,
            // 79 %, is 100, 150, then 200 %: 2000 px wide, 360 px each side), so it pans 1:1 and stops there.
            var pan = [ScriptLine.down(0.5, 700)]
            pan += (1...10).map { ScriptLine.move(0.5 + Double($0) / 40, 700 - 10 * Double($0)) }
            pan.append(ScriptLine.up(1.2, 600))
            let run = try GalleryProcess.run(keys + pan, arguments: [Self.photo], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let last = try #require(run.records.last)
            #expect(last.page == 4)
            #expect(abs(last.zoom - 2000.0 / 789) < 1e-6)
            #expect(abs(last.panX + 100) < 1e-3)
            #expect(!run.records.contains { $0.phase == "dragging" })  // The pager never moved.

            // A quick flick well past the left edge hands over: the next photo comes in and stays.
            let flick = ScriptLine.drag(at: 0.5, from: 1100, to: 300, duration: 0.1)
            let turned = try GalleryProcess.run(keys + flick, arguments: [Self.photo], size: "1280x720")
            #expect(turned.status == 0, "\(turned.standardError)")
            #expect(turned.records.contains { $0.phase == "dragging" })
            let end = try #require(turned.records.last)
            #expect(end.page == 5)
            #expect(end.zoom == 1)  // The photo left behind is back at fit; the new one starts at fit.
        }

        /// The retina photo: 1411×1411, larger than the window at 100 % both ways.
        static let large = BundledPhotos.paths[5]

        @Test("A double-click toggles 100 % keeping the photo point under the pointer; 100 % shows the source's pixels")
        func doubleClickActualSize() throws {
            let click = [
                ScriptLine.down(0.5, 600, 300), ScriptLine.up(0.52, 600, 300),
                ScriptLine.down(0.7, 600, 300), ScriptLine.up(0.72, 600, 300),
                ScriptLine.shot(1.5, "actual.png"),
                ScriptLine.down(2.0, 600, 300), ScriptLine.up(2.02, 600, 300),
                ScriptLine.down(2.2, 600, 300), ScriptLine.up(2.22, 600, 300),
            ]
            let run = try GalleryProcess.run(click, arguments: [Self.large], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let actual = try #require(run.records.last { $0.t <= 1.5 })
            // 1411 image pixels over the 688 px fit.
            #expect(abs(actual.zoom - 1411.0 / 688) < 1e-3)
            // The photo point under (600, 300) at fit is still under it at 100 %.
            let atFit = ((600.0 - 640) / 1, (300.0 - 360) / 1)
            let atActual = ((600 - 640 - actual.panX) / actual.zoom, (300 - 360 - actual.panY) / actual.zoom)
            #expect(abs(atFit.0 - atActual.0) < 0.01 && abs(atFit.1 - atActual.1) < 0.01)
            #expect(run.records.last?.zoom == 1)  // The second double-click went back to fit.

            // At 100 % the shot shows the source's own pixels (decoded again, sharp), within JPEG decoders' noise.
            try SDLTestSession.start()
            let source = try Surface.loading(Self.large)
            let shot = try HeadlessEndToEndTests.load(run.shot("actual.png"))
            // Shot (x, y) shows source (x − 640 − pan_x + 705.5, y − 360 − pan_y + 705.5).
            var difference = 0
            var count = 0
            for y in stride(from: 200, to: 500, by: 3) {
                for x in stride(from: 500, to: 800, by: 3) {
                    let sx = Int((Double(x) - 640 - actual.panX + 705.5).rounded(.down))
                    let sy = Int((Double(y) - 360 - actual.panY + 705.5).rounded(.down))
                    let a = shot.pixel(x: x, y: y)
                    let b = source.pixel(x: sx, y: sy)
                    difference += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                    count += 3
                }
            }
            #expect(Double(difference) / Double(count) < 3)
        }

        @Test("A script's zoom event zooms at its point, clamped to fit … 800 %; a failed photo does not zoom")
        func scriptZoom() throws {
            let run = try GalleryProcess.run(
                [
                    #"{"t":0.2,"type":"zoom","scale":100,"x":640,"y":360}"#,
                    #"{"t":0.4,"type":"zoom","scale":0.1,"x":0,"y":0}"#,
                ],
                arguments: [Self.photo], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let maxed = try #require(run.records.first { $0.t >= 0.2 })
            #expect(abs(maxed.zoom - 8 * 1000 / (1000.0 * 688 / 872).rounded()) < 1e-3)
            #expect(run.records.last?.zoom == 1)

            let folder = try TemporaryDirectory()
            let broken = folder.path("broken.jpg")
            try "not a photo".write(toFile: broken, atomically: true, encoding: .utf8)
            let failed = try GalleryProcess.run(
                [#"{"t":0.2,"type":"zoom","scale":3,"x":640,"y":360}"#, ScriptLine.key(0.3, "=")],
                arguments: [broken], size: "1280x720")
            #expect(failed.status == 0, "\(failed.standardError)")
            #expect(failed.records.allSatisfy { $0.zoom == 1 })
        }

        @Test("- steps down nsxiv's levels from 100 % (75, 50 %) to the fit, and + back up them from the fit")
        func zoomKeysStepThroughTheLevels() throws {
            // The retina photo, 1411×1411, fitted to 688×688 (49 %).
            let keys = ["=", "-", "-", "-", "-", "+", "+"].enumerated().map {
                ScriptLine.key(0.2 + Double($0.offset), $0.element)
            }
            let run = try GalleryProcess.run(keys, arguments: [Self.large], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let percents = (0..<7).map { press in
                run.records.last { $0.t < 1.1 + Double(press) }.map { Int(($0.zoom * 688 / 1411 * 100).rounded()) }
            }
            #expect(percents == [100, 75, 50, 49, 49, 50, 75])
        }

        @Test("A triple-click in the middle ends at 100 %, not between steps where the third click caught the zoom")
        func tripleClickEndsOnAStep() throws {
            let clicks = [0.5, 0.62, 0.74].flatMap {
                [ScriptLine.down($0, 640, 360), ScriptLine.up($0 + 0.03, 640, 360)]
            }
            let run = try GalleryProcess.run(clicks, arguments: [Self.photo], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let last = try #require(run.records.last)
            // The Hubble deep field's 100 %: 1000 image pixels over its 789 px fit.
            #expect(abs(last.zoom - 1000.0 / 789) < 1e-6, "rests at \(last.zoom)")
        }

        @Test("= and a double-click show 100 % of a photo smaller than the window")
        func actualSizeOfSmallPhoto() throws {
            // 02-coffee is 600×400, fitted up to 1032×688 in 1280×720: 100 % is 600 / 1032 of fit.
            let expected = 600.0 / 1032
            let key = try GalleryProcess.run(
                [ScriptLine.key(0.2, "="), ScriptLine.shot(1.5, "actual.png")], arguments: [BundledPhotos.paths[1]],
                size: "1280x720")
            #expect(key.status == 0, "\(key.standardError)")
            let keyed = try #require(key.records.last)
            #expect(abs(keyed.zoom - expected) < 1e-3)
            let shot = try HeadlessEndToEndTests.load(key.shot("actual.png"))
            let columns = (0..<1280).filter { shot.pixel(x: $0, y: 360) != HeadlessEndToEndTests.background }
            #expect(abs(columns.count - 600) <= 1)

            let clicks = [
                ScriptLine.down(0.5, 640, 360), ScriptLine.up(0.52, 640, 360),
                ScriptLine.down(0.7, 640, 360), ScriptLine.up(0.72, 640, 360),
                ScriptLine.down(2.0, 640, 360), ScriptLine.up(2.02, 640, 360),
                ScriptLine.down(2.2, 640, 360), ScriptLine.up(2.22, 640, 360),
            ]
            let run = try GalleryProcess.run(clicks, arguments: [BundledPhotos.paths[1]], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let actual = try #require(run.records.last { $0.t <= 1.9 })
            #expect(abs(actual.zoom - expected) < 1e-3)
            #expect(run.records.last?.zoom == 1)  // The second double-click went back to fit.
        }

        @Test("b while zoomed: the zoom is measured from the new fit, 100 % stays 100 %, the pan stays in bounds")
        func statusBarWhileZoomed() throws {
            // 02-coffee is 600×400: 100 % draws it 600 px wide whatever the page box; only its share of fit changes.
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.2, "="), ScriptLine.key(1.2, "b"), ScriptLine.shot(1.5, "bar.png"),
                    ScriptLine.key(1.6, "b"), ScriptLine.quit(1.8),
                ], arguments: [BundledPhotos.paths[1]], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            let bar = SceneLayout.statusBarHeight(scale: 1)
            let box = SceneLayout.pageBox(in: LayoutRect(x: 0, y: 0, width: 1280, height: 720 - bar), scale: 1)
            let fittedWithBar = Double(box.height) * 1.5
            let withBar = try #require(run.records.last { $0.t < 1.55 })
            #expect(abs(withBar.zoom - 600 / fittedWithBar) < 2e-3, "fitted \(fittedWithBar)")
            #expect(abs(withBar.panX) < 1e-9 && abs(withBar.panY) < 1e-9)
            let shot = try HeadlessEndToEndTests.load(run.shot("bar.png"))
            let columns = (0..<1280).filter { shot.pixel(x: $0, y: 300) != HeadlessEndToEndTests.background }
            #expect(abs(columns.count - 600) <= 1)
            let without = try #require(run.records.last)
            #expect(abs(without.zoom - 600.0 / 1032) < 1e-3)  // The bar gone: the first fit's 100 % again.
        }

        @Test(
            "--fit down never enlarges a photo beyond 100 %; the default fits it to the window",
            arguments: [
                ("down", 600), ("fit", 1032),
            ])
        func fitDown(fit: String, width: Int) throws {
            // 02-coffee is 600×400: fitted into 1248×688 it would be 1032 px wide.
            let run = try GalleryProcess.run(
                [ScriptLine.shot(0.3, "photo.png")], arguments: ["--fit", fit, BundledPhotos.paths[1]], size: "1280x720"
            )
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("photo.png"))
            let columns = (0..<1280).filter { shot.pixel(x: $0, y: 200) != HeadlessEndToEndTests.background }
            #expect(columns.count == width)
        }
    }
}
