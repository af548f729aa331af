import Foundation
import GalleryCore
import Imaging
import PagerEngine
import Testing

@testable import Gallery
@testable import GalleryScene

/// Wheel mode and mode switching run headless as a process, on traces and pixels.
extension SDLSerializedTests {
    @Suite("Wheel and mode switching end to end")
    struct WheelEndToEndTests {
        static let card = RGBA(r: 36, g: 38, b: 45)
        static let centredCard = RGBA(r: 58, g: 62, b: 74)
        static let accent = RGBA(r: 120, g: 170, b: 255)

        /// The first column from the left, on row `y`, of a row's card (plain, highlighted, or its accent bar).
        static func cardLeftEdge(_ surface: Surface, y: Int) -> Int? {
            (0..<surface.width).first { [card, centredCard, accent].contains(surface.pixel(x: $0, y: y)) }
        }

        @Test("Rows ride the arc x = r_h·cos(asin(y/r)); D mirrors it", arguments: [false, true])
        func arc(flipped: Bool) throws {
            var lines = [ScriptLine.shot(0.3, "wheel.png")]
            if flipped { lines.insert(ScriptLine.key(0.1, "D"), at: 0) }
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "12", "--mode", "wheel"], size: "640x360")
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("wheel.png"))
            // 360 px hold 5.625 rows of the 64 px minimum (Pager.wheelRowsPerViewport), not 7.
            let rowHeight = Pager(topology: WheelTopology(rowCount: 12), viewport: Viewport(width: 640, height: 360))
                .extent
            #expect(rowHeight == 64)
            let layout = WheelLayout(
                rowHeight: rowHeight, viewportWidth: 640, viewportHeight: 360, radiusRatio: 1,
                direction: flipped ? .anticlockwise : .clockwise)
            for distance in -2...2 {
                let y = Double(distance) * layout.rowHeight
                let offset = try #require(layout.arcOffset(atDistance: y))
                // The formula, written out: r_h·cos(asin(y/r)).
                #expect(abs(offset - 180 * cos(asin(y / 180))) < 1e-9)
                let left = flipped ? 640 - layout.rowWidth - offset : offset
                let measured = try #require(Self.cardLeftEdge(shot, y: 180 + Int(y.rounded())))
                #expect(abs(Double(measured) - (left.rounded() + Double(WheelPainter.margin))) <= 1, "row \(distance)")
            }
            #expect(run.records.last?.row == 0)
        }

        @Test("The wheel wraps both ways, by keys and by drags")
        func wraps() throws {
            let keys = try GalleryProcess.run(
                [ScriptLine.key(0.1, "Left"), ScriptLine.key(0.8, "Right"), ScriptLine.key(1.5, "Right")],
                arguments: ["--synthetic", "12", "--mode", "wheel"], size: "640x360")
            #expect(keys.status == 0, "\(keys.standardError)")
            let rows = keys.records.compactMap(\.row)
            #expect(rows.first == 0)
            #expect(rows.contains(11))
            #expect(keys.records.first { $0.t > 0.7 }?.row == 11)
            #expect(keys.records.first { $0.t > 1.4 }?.row == 0)
            #expect(keys.records.last?.row == 1)
            #expect(keys.records.allSatisfy { $0.mode == .wheel && (0..<12).contains($0.row ?? -1) })

            // A slow vertical drag down by two rows (64 px each at 360 px high) shows the rows above: from row 0 to 10.
            var drag = [ScriptLine.down(0.1, 320, 100)]
            drag += (1...30).map { ScriptLine.move(0.1 + Double($0) / 60, 320, 100 + Double($0) * 64 * 2 / 30) }
            drag.append(ScriptLine.up(1.0, 320, 100 + 64 * 2))
            let dragged = try GalleryProcess.run(
                drag, arguments: ["--synthetic", "12", "--mode", "wheel"], size: "640x360")
            #expect(dragged.status == 0, "\(dragged.standardError)")
            #expect(dragged.records.last?.row == 10)
            #expect(dragged.records.last?.phase == "idle")
        }

        @Test("Enter, or a click on a row, opens that photo in the pager mode used before the wheel")
        func opens() throws {
            let enter = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "F6"), ScriptLine.key(0.2, "Right"), ScriptLine.key(0.9, "Right"),
                    ScriptLine.key(1.6, "Return"),
                ],
                arguments: ["--synthetic", "12", "--mode", "bounded"], size: "640x360")
            #expect(enter.status == 0, "\(enter.standardError)")
            #expect(enter.records.contains { $0.mode == .wheel })
            #expect(enter.records.last?.mode == .bounded)
            #expect(enter.records.last?.page == 2)

            // Two rows below the centre (row 0 centred, rows 64 px at 360 px high): row 2, clicked on its card.
            let y = 180.0 + 2 * 64
            let click = try GalleryProcess.run(
                [ScriptLine.key(0.1, "F6"), ScriptLine.down(0.5, 400, y), ScriptLine.up(0.55, 401, y)],
                arguments: ["--synthetic", "12", "--mode", "threeSurfaces"], size: "640x360")
            #expect(click.status == 0, "\(click.standardError)")
            #expect(click.records.last?.mode == .threeSurfaces)
            #expect(click.records.last?.page == 2)
        }

        @Test("A mode switch mid-fling, mid-drag, or while the feed loads keeps the photo at the centre")
        func switchKeepsPhoto() throws {
            // Mid-fling: whatever page is centred on the frame before the key is the page the new mode opens on.
            let lines =
                ScriptLine.drag(at: 0.1, from: 200, to: 120, duration: 0.05) + [
                    ScriptLine.key(0.2505, "F4")
                ]
            let fling = try GalleryProcess.run(lines, arguments: ["--synthetic", "5", "--mode", "endCaps"])
            #expect(fling.status == 0, "\(fling.standardError)")
            let switched = try #require(fling.records.firstIndex { $0.mode == .threeSurfaces })
            let before = fling.records[switched - 1]
            #expect(before.phase == "settling")
            #expect(fling.records[switched].page == before.page)
            #expect(fling.records.last?.page == before.page)

            // Mid-drag: the hand lets go with the old mode; the photo stays.
            let drag = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "Right"), ScriptLine.down(1.0, 200), ScriptLine.move(1.05, 150),
                    ScriptLine.key(1.1, "F2"), ScriptLine.move(1.15, 100), ScriptLine.up(1.2, 100),
                ],
                arguments: ["--synthetic", "5", "--mode", "endCaps"])
            #expect(drag.status == 0, "\(drag.standardError)")
            #expect(drag.records.last?.mode == .bounded)
            #expect(drag.records.last?.page == 1)

            // While the feed loads: out to the wheel and back, and the answer still lands.
            let feed = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "End"), ScriptLine.key(0.6, "F6"), ScriptLine.key(0.8, "F5"),
                ],
                arguments: ["--synthetic", "3", "--mode", "feed", "--feed-delay", "1"])
            #expect(feed.status == 0, "\(feed.standardError)")
            let wheel = try #require(feed.records.first { $0.mode == .wheel })
            #expect(wheel.row == 2)
            let back = try #require(feed.records.first { $0.t >= 0.8 })
            #expect(back.mode == .feed && back.page == 2 && back.feedState == "loading")
            #expect(feed.records.last?.pages == 9)
            #expect(feed.records.last?.page == 2)
        }
    }
}
