import CSDL2
import Foundation
import Gallery
import GalleryCore
import Imaging
import PagerEngine
import Testing

/// `gallery --headless` run as a process: scripted gestures, asserted on traces and on the pixels of shots.
extension SDLSerializedTests {
    @Suite("Headless end to end")
    struct HeadlessEndToEndTests {
        static let background = RGBA(r: 18, g: 18, b: 20)

        /// Loads a shot with SDL_image.
        static func load(_ path: String) throws -> Surface {
            try SDLTestSession.start()
            return try Surface.loading(path)
        }

        /// The first column from the left whose pixel on row `y` is not the background.
        static func firstContentColumn(_ surface: Surface, y: Int) -> Int? {
            (0..<surface.width).first { surface.pixel(x: $0, y: y) != background }
        }

        /// Rows at the bottom where the page information and dots sit over the strip.
        static let overlayRows = 64

        /// Pixels of `b` that differ from `a` moved right by `shift`, over the columns both show (above the overlays,
        /// which stay put while the strip moves).
        static func mismatches(_ a: Surface, _ b: Surface, shift: Int) -> Int {
            var count = 0
            for y in stride(from: 0, to: a.height - overlayRows, by: 3) {
                for x in max(0, shift)..<min(a.width, a.width + shift)
                where b.pixel(x: x, y: y) != a.pixel(x: x - shift, y: y) {
                    count += 1
                }
            }
            return count
        }

        @Test("A slow 30 % drag goes back; a flick goes on")
        func dragBackAndFling() throws {
            var slow = [ScriptLine.down(0.1, 200)]
            for step in 1...24 { slow.append(ScriptLine.move(0.1 + Double(step) / 60, 200 - 4 * Double(step))) }
            slow.append(ScriptLine.up(0.8, 104))  // Held still for 0.3 s: no velocity left.
            let back = try GalleryProcess.run(slow, arguments: ["--synthetic", "5", "--mode", "bounded"])
            #expect(back.status == 0, "\(back.standardError)")
            let deepest = back.records.map(\.position).max() ?? 0
            #expect(deepest > 0.28 && deepest < 0.31)
            #expect(back.records.last?.page == 0)
            #expect(back.records.last?.position == 0)
            #expect(back.records.last?.phase == "idle")

            let flick = try GalleryProcess.run(
                ScriptLine.drag(at: 0.1, from: 200, to: 140, duration: 0.05),
                arguments: ["--synthetic", "5", "--mode", "bounded"])
            #expect(flick.status == 0, "\(flick.standardError)")
            #expect(flick.records.last?.page == 1)
            #expect(flick.records.last?.position == 1)
            #expect(flick.records.contains { $0.events.contains("pageChanged:1") })
        }

        @Test("The rubber band at the first page shows the design's 46.9333 px for a 100 px pull on 320 px")
        func rubberBand() throws {
            let lines = [
                ScriptLine.shot(0.05, "rest.png"), ScriptLine.down(0.1, 100), ScriptLine.move(0.15, 204),
                ScriptLine.shot(0.16, "pulled.png"), ScriptLine.up(0.5, 204),
            ]
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "3", "--mode", "bounded"])
            #expect(run.status == 0, "\(run.standardError)")
            let pulled = try #require(run.records.first { $0.t >= 0.16 })
            #expect(abs(pulled.offsetPixels + 46.9333) < 1e-3)
            #expect(abs(pulled.position + 46.9333 / 320) < 1e-6)
            let rest = try Self.load(run.shot("rest.png"))
            let shown = try Self.load(run.shot("pulled.png"))
            let restEdge = try #require(Self.firstContentColumn(rest, y: 120))
            let pulledEdge = try #require(Self.firstContentColumn(shown, y: 120))
            #expect(pulledEdge - restEdge == 47)
            #expect(run.records.last?.position == 0)
        }

        @Test("A slow drag across the end-cap seam moves the picture exactly with the pointer")
        func slowDragAcrossSeam() throws {
            // 320 px pages, start on page 0 (slot 1). Pointer right shows the previous page: the re-base comes
            // when the viewport centre passes three quarters into the cap slot, 240 px (after the slop) into the drag.
            var lines = [ScriptLine.down(0.0, 10)]
            var shots: [(name: String, t: Double)] = []
            for step in 1...80 {
                let t = Double(step) / 60
                lines.append(ScriptLine.move(t, 10 + 4 * Double(step)))
                if (58...65).contains(step) {
                    shots.append(("seam-\(step).png", t))
                    lines.append(ScriptLine.shot(t, "seam-\(step).png"))
                }
            }
            lines.append(ScriptLine.up(1.6, 330))
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "3", "--mode", "endCaps"])
            #expect(run.status == 0, "\(run.standardError)")
            let rebases = run.records.filter { record in record.events.contains { $0.hasPrefix("rebased") } }
            #expect(rebases.count == 1)
            let rebaseTime = try #require(rebases.first?.t)
            #expect(shots.contains { abs($0.t - rebaseTime) < 1e-6 }, "the re-base frame is among the shots")
            for (before, after) in zip(shots, shots.dropFirst()) {
                let a = try Self.load(run.shot(before.name))
                let b = try Self.load(run.shot(after.name))
                #expect(Self.mismatches(a, b, shift: 4) == 0, "\(before.name) → \(after.name)")
            }
            #expect(run.records.last?.page == 2)
        }

        @Test(
            "--mode takes a mode's name in any case and with hyphens",
            arguments: [("end-caps", GalleryMode.endCaps), ("THREE-SURFACES", .threeSurfaces), ("wheel", .wheel)])
        func modeNames(name: String, kind: GalleryMode) throws {
            let run = try GalleryProcess.run([ScriptLine.quit(0.1)], arguments: ["--synthetic", "3", "--mode", name])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!run.records.isEmpty && run.records.allSatisfy { $0.mode == kind })
        }

        @Test("A fast fling across the end-cap seam is continuous and lands on the first page")
        func flingAcrossSeam() throws {
            var lines = [ScriptLine.key(0.05, "End")]
            lines += ScriptLine.drag(at: 1.5, from: 250, to: 150, duration: 0.05)
            let frames = (92...110).map { Double($0) / 60 }
            for (index, t) in frames.enumerated() { lines.append(ScriptLine.shot(t, "fling-\(index).png")) }
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "3", "--mode", "endCaps"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.last?.page == 0)
            let rebaseFrames = run.records.filter { record in
                record.t > 1.4 && record.events.contains { $0.hasPrefix("rebased") }
            }
            #expect(!rebaseFrames.isEmpty)
            #expect(rebaseFrames.allSatisfy { record in frames.contains { abs($0 - record.t) < 1e-6 } })
            for index in frames.indices.dropLast() {
                let recordA = try #require(run.records.first { abs($0.t - frames[index]) < 1e-6 })
                let recordB = try #require(run.records.first { abs($0.t - frames[index + 1]) < 1e-6 })
                // The content moved by the change in logical position; the strip may have re-based by 3 pages.
                var moved = (recordB.position - recordA.position) * 320
                if moved > 480 { moved -= 960 }
                if moved < -480 { moved += 960 }
                let expected = -Int(moved.rounded())
                let a = try Self.load(run.shot("fling-\(index).png"))
                let b = try Self.load(run.shot("fling-\(index + 1).png"))
                let best = (expected - 1...expected + 1).map { Self.mismatches(a, b, shift: $0) }.min() ?? .max
                #expect(best == 0, "frames \(index) → \(index + 1), moved \(moved) px")
            }
        }

        @Test("A shot followed by another event in the same frame, after earlier frames, shows the frame before it")
        func shotBeforeAnEventLaterInTheScript() throws {
            // The frame's events are a slice of the script: before the fix they were indexed from 0, which crashed
            // `make screenshots` (a key at 0.0, then a shot and a press in one later frame).
            let lines = [ScriptLine.key(0.0, "End"), ScriptLine.shot(1.2, "still.png"), ScriptLine.down(1.2, 100)]
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "3", "--mode", "bounded"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try Self.load(run.shot("still.png")).width == 320)
        }

        @Test(
            "Three surfaces hold at most three page textures, for 10,000 generated pages too", arguments: [12, 10_000])
        func threeTextures(pages: Int) throws {
            var lines: [String] = []
            for step in 0..<6 { lines.append(ScriptLine.key(0.1 + 0.02 * Double(step), "Right")) }
            lines += ScriptLine.drag(at: 1.5, from: 250, to: 150, duration: 0.05)
            lines += ScriptLine.drag(at: 2.5, from: 100, to: 200, duration: 0.05)
            lines += [ScriptLine.key(3.5, "End"), ScriptLine.key(5.0, "Home"), ScriptLine.shot(6.5, "home.png")]
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "\(pages)", "--mode", "threeSurfaces"])
            #expect(run.status == 0, "\(run.standardError)")
            // The run reaches the shot (idle spans between the events are jumped over).
            #expect(run.records.last.map { $0.t >= 6.5 } == true)
            for record in run.records {
                #expect(record.mode == .threeSurfaces)
                #expect(record.textures <= 3)
                #expect(record.slots.count == 3)
                #expect(record.decoded <= 6)  // Centre ±1, two ahead, and a far jump's stand-in while it slides out.
            }
            let last = try #require(run.records.last)
            #expect(last.page == 0)
            #expect(last.textures == 3)
            #expect(last.slots == [pages - 1, 0, 1])
            #expect(run.records.contains { $0.page == 6 })
            #expect(run.records.contains { $0.page == pages - 1 })
        }

        @Test("Mode keys and a resize keep the logical page; pages are drawn again at the new size")
        func modesAndResizeKeepThePage() throws {
            let lines = [
                ScriptLine.key(0.1, "Right"), ScriptLine.key(0.12, "Right"), ScriptLine.key(0.14, "Right"),
                ScriptLine.key(1.5, "F4"), ScriptLine.key(2.0, "F2"),
                #"{"t":2.5,"type":"resize","w":200,"h":300}"#, ScriptLine.shot(3.0, "resized.png"),
                ScriptLine.key(3.2, "F3"),
            ]
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "7"])
            #expect(run.status == 0, "\(run.standardError)")
            let modes = run.records.map(\.mode).reduce(into: [GalleryMode]()) { if $0.last != $1 { $0.append($1) } }
            #expect(modes == [.endCaps, .threeSurfaces, .bounded, .endCaps])
            #expect(run.records.filter { $0.t >= 1.0 }.allSatisfy { $0.page == 3 && $0.position == 3 })
            let afterResize = try #require(run.records.first { $0.t >= 3.0 })
            // 200×300 less the 32 px gap leaves 168 px for a 4:3 page: 168 × 126, four bytes a pixel.
            #expect(afterResize.textureBytes % (168 * 126 * 4) == 0)
            #expect(afterResize.textures >= 1)
            let shot = try Self.load(run.shot("resized.png"))
            #expect(shot.size == PixelSize(width: 200, height: 300))
            #expect(shot.pixel(x: 100, y: 150) != Self.background)
            #expect(shot.pixel(x: 100, y: 40) == Self.background)
        }

        /// A touchpad stream: `count` horizontal deltas of `dx` units, 1/120 s apart, from `t0`.
        static func swipe(at t0: Double, dx: Double, count: Int) -> [String] {
            (0..<count).map { #"{"t":\#(t0 + Double($0) / 120),"type":"wheel","dx":\#(dx),"dy":0}"# }
        }

        @Test("Mouse wheel notches turn one page each, both axes")
        func wheelNotches() throws {
            let lines = [
                #"{"t":0.1,"type":"wheel","dx":0,"dy":-1}"#, #"{"t":0.7,"type":"wheel","dx":0,"dy":-1}"#,
                #"{"t":1.5,"type":"wheel","dx":0,"dy":1}"#, #"{"t":3.0,"type":"wheel","dx":1,"dy":0}"#,
            ]
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "6", "--mode", "bounded"])
            #expect(run.status == 0, "\(run.standardError)")
            let settled = run.records.flatMap(\.events).filter { $0.hasPrefix("settled") }
            #expect(settled == ["settled:1", "settled:2", "settled:1", "settled:2"])
        }

        @Test("A touchpad swipe moves the strip 1:1 and turns exactly one page; a slow one turns it past half a page")
        func touchpadSwipes() throws {
            // A quick swipe of 1.5 pages (10 units of 48 px on 320 px pages): one page, not two.
            let quick = try GalleryProcess.run(
                Self.swipe(at: 0.1, dx: 0.25, count: 40), arguments: ["--synthetic", "6", "--mode", "bounded"])
            #expect(quick.status == 0, "\(quick.standardError)")
            #expect(quick.records.contains { $0.phase == "dragging" })
            let held = try #require(quick.records.first { $0.t >= 0.2 })
            // Thirteen deltas by t = 0.2, 12 px each, less the 4 px drag slop, as a drag would move it.
            #expect(abs(held.offsetPixels - (13 * 12 - 4)) < 1e-6)
            #expect(quick.records.last?.page == 1)
            #expect(quick.records.last?.offsetPixels == 320)

            // Slow swipes (about 170 px/s): 173 px turns the page, 101 px springs back.
            for (units, page) in [(0.03, 1), (0.0175, 0)] {
                let slow = try GalleryProcess.run(
                    Self.swipe(at: 0.1, dx: units, count: 120), arguments: ["--synthetic", "6", "--mode", "bounded"])
                #expect(slow.status == 0, "\(slow.standardError)")
                #expect(slow.records.last?.page == page)
                #expect(slow.records.last?.phase == "idle")
            }
        }

        @Test("The same script gives the same trace byte for byte, frame_ms aside")
        func determinism() throws {
            let tour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../../Scripts/tour.jsonl"
            ).standardized.path
            let lines = try String(contentsOfFile: tour, encoding: .utf8).split(separator: "\n").map(String.init)
            let first = try GalleryProcess.run(lines, arguments: [], size: "640x360")
            let second = try GalleryProcess.run(lines, arguments: [], size: "640x360")
            #expect(first.status == 0 && second.status == 0, "\(first.standardError)")
            #expect(first.records.count > 100)
            #expect(
                TraceReader.removingFrameTimes(from: first.traceText)
                    == TraceReader.removingFrameTimes(from: second.traceText))
        }
    }
}
