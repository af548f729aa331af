import Foundation
import GalleryCore
import ImageDecoders
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// The desktop experience run headless as a process: overlays, clicks, keys, the slideshow.
extension SDLSerializedTests {
    @Suite("Desktop experience end to end")
    @MainActor struct DesktopEndToEndTests {
        static let size = (width: 640, height: 360)

        /// Light text pixels in the information's band, just above the dots.
        static func infoPixels(_ surface: Surface) -> Int {
            var count = 0
            for y in (surface.height - 60)..<(surface.height - 26) {
                for x in 0..<surface.width {
                    let pixel = surface.pixel(x: x, y: y)
                    if pixel.r > 200 && pixel.g > 200 && pixel.b > 200 { count += 1 }
                }
            }
            return count
        }

        @Test("The page information shows after a page change and is gone 2 s later")
        func informationFades() throws {
            let lines = [
                ScriptLine.key(0.1, "Right"), ScriptLine.shot(0.5, "shown.png"), ScriptLine.shot(2.5, "gone.png"),
                ScriptLine.shot(3.5, "later.png"),
            ]
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "30", "--mode", "bounded"], size: "640x360")
            #expect(run.status == 0, "\(run.standardError)")
            let shown = try HeadlessEndToEndTests.load(run.shot("shown.png"))
            let gone = try HeadlessEndToEndTests.load(run.shot("gone.png"))
            let later = try HeadlessEndToEndTests.load(run.shot("later.png"))
            #expect(Self.infoPixels(shown) > Self.infoPixels(gone) + 100)
            #expect(HeadlessEndToEndTests.mismatches(gone, later, shift: 0) == 0)
            #expect(Self.infoPixels(gone) == Self.infoPixels(later))
            #expect(InfoFade.opacity(after: 0.4) == 1 && InfoFade.opacity(after: 2.0) == 0)
        }

        /// The lit and unlit dots on the dots' row: centres of light pixel runs.
        static func dots(_ surface: Surface) -> [(x: Int, lit: Bool)] {
            let y = surface.height - SceneLayout.dotsInset
            var found: [(Int, Bool)] = []
            var x = 0
            while x < surface.width {
                let pixel = surface.pixel(x: x, y: y)
                if Int(pixel.r) > 60 {
                    var end = x
                    var brightest = 0
                    while end < surface.width, Int(surface.pixel(x: end, y: y).r) > 60 {
                        brightest = max(brightest, Int(surface.pixel(x: end, y: y).r))
                        end += 1
                    }
                    found.append(((x + end) / 2, brightest > 180))
                    x = end
                } else {
                    x += 1
                }
            }
            return found
        }

        @Test("Dots count logical pages, never the end caps' duplicates; a dot click goes there the short way round")
        func dots() throws {
            let lines = [ScriptLine.shot(0.2, "dots.png")]
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "12", "--mode", "endCaps"], size: "640x360")
            #expect(run.status == 0, "\(run.standardError)")
            let found = Self.dots(try HeadlessEndToEndTests.load(run.shot("dots.png")))
            #expect(found.count == 12)
            #expect(found.first?.lit == true && found.dropFirst().allSatisfy { !$0.lit })
            // The last dot, clicked from the first page: one page back across the seam, not eleven forward.
            let last = found[11].x
            let y = Double(360 - SceneLayout.dotsInset)
            let click = try GalleryProcess.run(
                [ScriptLine.down(0.5, Double(last), y), ScriptLine.up(0.55, Double(last), y)],
                arguments: ["--synthetic", "12", "--mode", "endCaps"], size: "640x360")
            #expect(click.status == 0, "\(click.standardError)")
            #expect(click.records.last?.page == 11)
            let moving = click.records.filter { $0.t > 0.55 && $0.phase == "settling" }
            #expect(!moving.isEmpty && moving.allSatisfy { $0.velocity < 0 })  // Backwards: the short way.
            // More than 20 pages: no dots.
            let many = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "21", "--mode", "endCaps"], size: "640x360")
            #expect(Self.dots(try HeadlessEndToEndTests.load(many.shot("dots.png"))).isEmpty)
        }

        @Test("The help lists every binding and gesture, over a dimmed photo; any key closes it")
        func help() throws {
            let overlay = OverlayState(info: "", infoOpacity: 0, dots: nil, panel: nil, help: KeyMap.helpLines)
            #expect(overlay.help?.count == KeyMap.bindings.count)
            for binding in KeyMap.bindings {
                #expect(KeyMap.helpLines.contains { $0.hasPrefix(binding.label) })
            }
            let lines = [
                ScriptLine.shot(0.1, "photo.png"), ScriptLine.key(0.2, "F1"), ScriptLine.shot(0.3, "help.png"),
                ScriptLine.key(0.4, "Right"), ScriptLine.shot(0.5, "closed.png"),
            ]
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "5", "--mode", "bounded"], size: "640x360")
            #expect(run.status == 0, "\(run.standardError)")
            let photo = try HeadlessEndToEndTests.load(run.shot("photo.png")).pixel(x: 600, y: 300)
            let dimmed = try HeadlessEndToEndTests.load(run.shot("help.png")).pixel(x: 600, y: 300)
            #expect(Int(dimmed.r) + Int(dimmed.g) + Int(dimmed.b) < (Int(photo.r) + Int(photo.g) + Int(photo.b)) / 2)
            // The key that closed the help did nothing else.
            #expect(run.records.last?.page == 0)
            let closed = try HeadlessEndToEndTests.load(run.shot("closed.png")).pixel(x: 600, y: 300)
            #expect(closed == photo)
        }

        @Test("At 320 × 240 the help scrolls with Up and Down; another key closes it and does nothing else")
        func helpScrollsInASmallWindow() throws {
            let lines = [
                ScriptLine.key(0.1, "F1"), ScriptLine.shot(0.2, "top.png"), ScriptLine.key(0.3, "Down"),
                ScriptLine.key(0.35, "Down"), ScriptLine.shot(0.4, "down.png"), ScriptLine.key(0.5, "Up"),
                ScriptLine.key(0.55, "Up"), ScriptLine.shot(0.6, "up.png"), ScriptLine.key(0.7, "Right"),
                ScriptLine.shot(0.8, "closed.png"),
            ]
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "5", "--mode", "bounded"], size: "320x240")
            #expect(run.status == 0, "\(run.standardError)")
            let top = try HeadlessEndToEndTests.load(run.shot("top.png"))
            let down = try HeadlessEndToEndTests.load(run.shot("down.png"))
            let up = try HeadlessEndToEndTests.load(run.shot("up.png"))
            #expect(HeadlessEndToEndTests.mismatches(top, down, shift: 0) > 100)
            #expect(HeadlessEndToEndTests.mismatches(top, up, shift: 0) == 0)
            // Up and Down neither closed the help nor turned the page; Right closed it only.
            #expect(run.records.allSatisfy { $0.page == 0 })
            let closed = try HeadlessEndToEndTests.load(run.shot("closed.png"))
            #expect(HeadlessEndToEndTests.mismatches(top, closed, shift: 0) > 100)
        }

        /// Pixels that differ between two shots, anywhere.
        static func differing(_ a: Surface, _ b: Surface) -> Int {
            var count = 0
            for y in 0..<a.height {
                for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
            }
            return count
        }

        @Test("--scale 2 draws the information twice the size: four times the pixels")
        func scaleGrowsTheLabel() throws {
            let lines = [
                ScriptLine.key(0.1, "Right"), ScriptLine.shot(0.5, "shown.png"), ScriptLine.shot(2.5, "gone.png"),
            ]
            var areas: [Int] = []
            for scale in ["1", "2"] {
                let run = try GalleryProcess.run(
                    lines, arguments: ["--synthetic", "30", "--mode", "bounded", "--scale", scale], size: "640x360")
                #expect(run.status == 0, "\(run.standardError)")
                areas.append(
                    Self.differing(
                        try HeadlessEndToEndTests.load(run.shot("shown.png")),
                        try HeadlessEndToEndTests.load(run.shot("gone.png"))))
            }
            #expect(areas[0] > 1000)
            #expect(Double(areas[1]) > 3 * Double(areas[0]), "\(areas)")
        }

        @Test("The slideshow advances on time and pauses while a hand holds the strip and one interval after")
        func slideshow() throws {
            var lines = [ScriptLine.down(2.2, 300), ScriptLine.move(2.25, 310), ScriptLine.up(4.0, 300)]
            lines.append(ScriptLine.quit(6.9))
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "9", "--mode", "bounded", "--slideshow", "1"], size: "640x360")
            #expect(run.status == 0, "\(run.standardError)")
            func page(at t: Double) -> Int? { run.records.last { $0.t <= t }?.page }
            #expect(page(at: 0.9) == 0)
            #expect(page(at: 1.5) == 1)
            #expect(page(at: 2.15) == 2)
            // Held from 2.2 to 4.0, then one interval of rest: no slide until 5.0.
            #expect(page(at: 4.9) == 2)
            #expect(page(at: 5.5) == 3)
            #expect(page(at: 6.5) == 4)
        }

        @Test("A click on the right or left third turns one page; the middle does nothing; a drag is no click")
        func clicks() throws {
            let lines =
                [
                    ScriptLine.down(0.1, 600, 180), ScriptLine.up(0.15, 601, 180),
                    ScriptLine.down(1.0, 320, 180), ScriptLine.up(1.05, 320, 180),
                    ScriptLine.down(2.0, 20, 180), ScriptLine.up(2.05, 22, 182),
                ] + ScriptLine.drag(at: 3.0, from: 600, to: 590, duration: 0.5)
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "5", "--mode", "bounded"], size: "640x360")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.last { $0.t <= 0.9 }?.page == 1)
            #expect(run.records.last { $0.t <= 1.9 }?.page == 1)
            #expect(run.records.last { $0.t <= 2.9 }?.page == 0)
            #expect(run.records.last?.page == 0)  // The slow 10 px drag from the right third springs back.
        }

        @Test("Key repeat released at page k settles on k or k + 1; a mode key keeps the queued destination")
        func keyRepeatAndQueue() throws {
            var lines = [ScriptLine.key(0.1, "Right")]
            lines += (1...60).map { #"{"t":\#(0.1 + Double($0) * 0.033),"type":"key","key":"Right","repeat":true}"# }
            let held = try GalleryProcess.run(lines, arguments: ["--synthetic", "1000", "--mode", "bounded"])
            #expect(held.status == 0, "\(held.standardError)")
            let releasedAt = try #require(held.records.last { $0.t <= 0.1 + 60 * 0.033 })
            let final = try #require(held.records.last?.page)
            #expect(final == releasedAt.page || final == releasedAt.page + 1)
            #expect(final > 5)

            let queued = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "Right"), ScriptLine.key(0.11, "Right"), ScriptLine.key(0.12, "Right"),
                    ScriptLine.key(0.15, "F4"),
                ],
                arguments: ["--synthetic", "10", "--mode", "endCaps"])
            #expect(queued.status == 0, "\(queued.standardError)")
            #expect(queued.records.last?.mode == .threeSurfaces)
            #expect(queued.records.last?.page == 3)
        }

        @Test("PageDown jumps ten photos; a number typed before G or Enter jumps there and keeps the mode")
        func jumps() throws {
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "PageDown"), ScriptLine.key(0.6, "]"), ScriptLine.key(1.2, "PageUp"),
                    ScriptLine.key(1.8, "4"), ScriptLine.key(1.85, "2"), ScriptLine.key(1.9, "G"),
                ],
                arguments: ["--synthetic", "100", "--mode", "bounded"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.last { $0.t <= 0.55 }?.page == 10)
            #expect(run.records.last { $0.t <= 1.15 }?.page == 20)
            #expect(run.records.last { $0.t <= 1.75 }?.page == 10)
            #expect(run.records.last?.page == 41)
            #expect(run.records.last?.mode == .bounded)
        }

        @Test("Home from the last photo never shows a third photo: only the two slots in view are ever 11 and 0")
        func homeShowsTwoPhotos() throws {
            let start = try GalleryProcess.run(
                [ScriptLine.key(0.05, "End"), ScriptLine.key(1.0, "Home")],
                arguments: ["--synthetic", "12", "--mode", "bounded"])
            #expect(start.status == 0, "\(start.standardError)")
            for record in start.records where record.t > 1.0 {
                let slot = record.offsetPixels / 320
                let inView = Set([Int(slot.rounded(.down)), Int(slot.rounded(.up))].map { record.slots[$0] })
                #expect(inView.isSubset(of: [11, 0]), "t = \(record.t): \(inView)")
            }
            #expect(start.records.last?.page == 0)
        }

        @Test(
            "A mode switch keeps the decoded photo: no placeholder frame, not one pixel changes",
            arguments: [
                ["2", "0", "1", "3", "2"]
            ])
        func modeSwitchKeepsTextures(keys: [String]) throws {
            var lines = [ScriptLine.key(0.1, "Right"), ScriptLine.shot(0.6, "before.png")]
            for (index, key) in keys.enumerated() {
                let t = 0.7 + Double(index) * 0.1
                lines += [ScriptLine.key(t, key), ScriptLine.shot(t, "after-\(index).png")]
            }
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "5", "--mode", "endCaps"])
            #expect(run.status == 0, "\(run.standardError)")
            let before = try HeadlessEndToEndTests.load(run.shot("before.png"))
            for index in keys.indices {
                let after = try HeadlessEndToEndTests.load(run.shot("after-\(index).png"))
                #expect(HeadlessEndToEndTests.mismatches(before, after, shift: 0) == 0, "after key \(keys[index])")
            }
            #expect(run.records.last?.page == 1)
            #expect(run.records.filter { $0.t >= 0.7 }.allSatisfy { $0.textures >= 1 })
        }

        @Test("A photo that arrives while its placeholder shows fades in over it in 0.1 s; the placeholder is quiet")
        func fadeIn() throws {
            try SDLTestSession.start()
            let target = try Surface(width: 320, height: 240, opaque: true)
            let renderer = try Renderer(target: target)
            let gate = DispatchSemaphore(value: 0)
            // The first photo decodes at once (it shows without a fade: nothing to fade from); the rest wait.
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo != 0 { gate.wait() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            // The stand-in thumbnail waits at a gate of its own, opened at the end: the neutral placeholder shows.
            let thumbnailGate = DispatchSemaphore(value: 0)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                thumbnailGate.wait()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            defer {
                for _ in 0..<8 { gate.signal() }
                for _ in 0..<8 { thumbnailGate.signal() }
                worker.shutdown()
                thumbnails.shutdown()
            }
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 3), mode: .bounded, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnails)
            func centre(at time: Double) throws -> RGBA {
                gallery.advance(to: time)
                try gallery.receiveDecodes(uploadBudget: nil)
                try gallery.render()
                renderer.present()
                return target.pixel(x: 160, y: 60)
            }
            let tones = ScenePainter.placeholderTones
            worker.waitForResults(upTo: 10)  // The first photo's decode runs on the worker thread.
            let firstPhoto = try centre(at: 0.1)
            #expect(![tones.paper, tones.ink].contains(firstPhoto))
            #expect(!gallery.needsFrame)
            gallery.perform(.next, at: 0.2)
            #expect([tones.paper, tones.ink].contains(try centre(at: 0.5)))
            // Quiet: the two tones differ by less than 10 in every channel.
            #expect(abs(Int(tones.paper.r) - Int(tones.ink.r)) < 10 && abs(Int(tones.paper.b) - Int(tones.ink.b)) < 12)
            for _ in 0..<8 { gate.signal() }
            worker.waitUntilIdle()
            let first = try centre(at: 0.55)
            let middle = try centre(at: 0.60)
            #expect(gallery.needsFrame)
            let late = try centre(at: 0.64)
            #expect([tones.paper, tones.ink].contains(first))  // The fade starts from the placeholder ...
            #expect(![tones.paper, tones.ink].contains(middle) && middle != late)  // ... blends on ...
            #expect(gallery.needsFrame)  // ... and asks for one more frame, which is at full opacity,
            let last = try centre(at: 0.67)
            #expect(last != late)
            #expect(!gallery.needsFrame)  // ... after which the window may sleep.
            #expect(try centre(at: 1.0) == last)
        }

        @Test("A placeholder has its photo's shape as soon as the header is read, before the decode")
        func placeholderShape() throws {
            try SDLTestSession.start()
            let target = try Surface(width: 640, height: 360, opaque: true)
            let renderer = try Renderer(target: target)
            let gate = DispatchSemaphore(value: 0)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                gate.wait()
                throw DecodeFailure(source: request.source, reason: .emptyFile)
            }
            defer {
                for _ in 0..<8 { gate.signal() }
                worker.shutdown()
            }
            // A portrait photo (the astronaut, 1:1 would not tell) and a landscape one.
            let photos = try PhotoIndex(paths: [BundledPhotos.paths[1]])
            let gallery = try GalleryController(
                library: PageLibrary(photos: photos), mode: .bounded, renderer: renderer, worker: worker,
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil), startPage: photos.startIndex)
            // The decode thread reads the header and reports its size before it decodes (held at the gate here).
            let deadline = MonotonicClock.seconds() + 10
            while gallery.store.decodes.statedSizes[PhotoID(photos.startIndex)] == nil,
                MonotonicClock.seconds() < deadline
            {
                try gallery.receiveDecodes(uploadBudget: nil)
                usleep(1000)
            }
            try gallery.render()
            renderer.present()
            let tones = ScenePainter.placeholderTones
            let columns = (0..<640).filter { [tones.paper, tones.ink].contains(target.pixel(x: $0, y: 180)) }
            let rows = (0..<360).filter { [tones.paper, tones.ink].contains(target.pixel(x: 320, y: $0)) }
            let stated = try #require(DecodeWorker.statedSize(ofFile: BundledPhotos.paths[1]))
            let expected = stated.fitted(inside: PixelSize(width: 640 - 32, height: 360 - 32))
            #expect(columns.count == expected.width)
            #expect(rows.first == (360 - expected.height) / 2)  // The bottom is under the page information.
            #expect(expected != PixelSize(width: 608, height: 328))  // Not simply the page's box.
        }

        @Test("Three-surface mode uploads exactly one texture per page turn: its slot textures rotate with the strip")
        func oneUploadPerTurn() throws {
            let lines = (0..<100).map { ScriptLine.key(0.5 + Double($0) * 0.3, "Right") }
            let run = try GalleryProcess.run(lines, arguments: ["--synthetic", "1000", "--mode", "threeSurfaces"])
            #expect(run.status == 0, "\(run.standardError)")
            let start = try #require(run.records.last { $0.t < 0.5 })
            let end = try #require(run.records.last)
            #expect(end.page == 100)
            #expect(end.uploads - start.uploads == 100)
            #expect(run.records.allSatisfy { $0.textures <= 3 })
        }
    }
}
