import Foundation
import GalleryCore
import Glibc
import Testing

/// The touchpad on Wayland, in a headless sway driven by a virtual pointer (`VirtualPointer`): two fingers move the
/// photo 1:1 and hold it where they rest, their lift flings or springs back with the pager's physics, and a mouse's
/// wheel and drag and the arrow keys work as before. Pixels through grim, the page through the window's title.
@Suite("The touchpad on Wayland", .serialized)
struct WaylandTouchpadTests {
    /// A sway with a virtual pointer on its seat, the gallery on the bundled photos, photo 1 on screen, the pointer
    /// over the window's centre.
    final class Session {
        let sway: HeadlessSway
        let pointer: VirtualPointer
        let folder: TemporaryDirectory
        let gallery: Process
        /// Photo 1 at rest.
        private(set) var first: Screenshot

        init() throws {
            sway = try HeadlessSway()
            pointer = try VirtualPointer(sway: sway)
            folder = try TemporaryDirectory()
            gallery = try WaylandWindowTests.startGallery(environment: sway.clientEnvironment, in: folder)
            let shown = try HeadlessSway.waitFor(seconds: 60) { [sway, gallery] () -> Screenshot? in
                guard gallery.isRunning else { return nil }
                let shot = try sway.screenshot()
                return WaylandWindowTests.orangeShare(shot) > 0.05 ? shot : nil
            }
            first = try #require(shown, "photo 1 never showed: \(WaylandWindowTests.said(folder))")
            pointer.send(["move 400 300", "move 401 300", "sleep 100"])
            // The first frames may come before the window took its tiled size: rest is what the window settles on.
            first = try settled()
        }

        deinit {
            WaylandWindowTests.stop(gallery)
            pointer.stop()
            sway.stop()
        }

        /// The page the title names ("3 / 12 — …" is 3).
        func page() throws -> Int? {
            let title = try sway.window(of: gallery.processIdentifier)?.title ?? ""
            return Int(title.prefix { $0 != " " })
        }

        /// Waits until two screenshots 150 ms apart are the same (the pager at rest), and gives the last.
        func settled() throws -> Screenshot {
            var last = try sway.screenshot()
            let still = try HeadlessSway.waitFor(seconds: 10) { () -> Screenshot? in
                usleep(150_000)
                let shot = try sway.screenshot()
                defer { last = shot }
                return shot.differingShare(from: last) < 0.001 ? shot : nil
            }
            return try #require(still, "the window never came to rest")
        }

        /// Waits for the title to name `page`, then for the pager to rest; whether it did.
        func waitFor(page expected: Int) throws -> Bool {
            let named = try HeadlessSway.waitFor(seconds: 5) { try page() == expected ? true : nil }
            _ = try settled()
            return named == true
        }
    }

    /// How far the picture in `shot` lies right of where it lies in `base`, in pixels (the best match of the middle
    /// rows' brightness over shifts of up to ±300 px).
    static func shift(of shot: Screenshot, from base: Screenshot) -> Int {
        func grey(_ s: Screenshot, _ x: Int, _ y: Int) -> Int {
            let p = s.pixel(x: x, y: y)
            return p.r + p.g + p.b
        }
        var best = (shift: 0, difference: Int.max)
        for shift in -300...300 {
            var difference = 0
            var count = 0
            for y in stride(from: 200, to: 400, by: 8) {
                for x in stride(from: max(0, shift), to: min(base.width, base.width + shift), by: 4) {
                    difference += abs(grey(shot, x, y) - grey(base, x - shift, y))
                    count += 1
                }
            }
            // At least half the width overlaps, so a shift cannot win by comparing a sliver.
            guard count > 0, (base.width - abs(shift)) * 2 >= base.width else { continue }
            let mean = difference / count
            if mean < best.difference { best = (shift, mean) }
        }
        return best.shift
    }

    @Test("Two fingers move the photo 1:1 and hold it while they rest; a still lift springs back")
    func fingersMoveAndHoldThePhoto() throws {
        let session = try Session()
        // Fingers moving left scroll right: 120 px in 12 steps, 8 ms apart, then resting on the pad.
        session.pointer.scroll(dx: 10, steps: 12, milliseconds: 8)
        usleep(250_000)
        let held = try session.sway.screenshot()
        usleep(300_000)
        let stillHeld = try session.sway.screenshot()
        let moved = Self.shift(of: held, from: session.first)
        #expect(abs(moved - -120) <= 10, "the photo moved \(moved) px for 120 px of the fingers")
        #expect(abs(Self.shift(of: stillHeld, from: session.first) - moved) <= 2, "the resting fingers let go")
        #expect(try session.page() == 1)

        // The fingers lift without moving (the last moves long ago): the photo springs back to where it was.
        session.pointer.send(["stop"])
        let back = try session.settled()
        #expect(abs(Self.shift(of: back, from: session.first)) <= 2)
        #expect(try session.page() == 1)
    }

    @Test("A flick turns exactly one page, forty times over with uneven timing; a 220 px scroll turns one")
    func flicksTurnOnePage() throws {
        let session = try Session()
        // 160 px in 32 ms: four steps of 40 px, 8 ms apart, then the lift.
        session.pointer.scroll(dx: 40, steps: 4, milliseconds: 8)
        session.pointer.send(["stop"])
        #expect(try session.waitFor(page: 2), "page \((try? session.page()) ?? 0)")

        // Forty flicks back and forth, each of 3 to 6 steps of 30 to 60 px, 4 to 16 ms apart (a seeded generator).
        var generator = SplitMix64(seed: 39)
        var page = 2
        var turned = 0
        for flick in 0..<40 {
            let forward = flick % 2 == 1
            let steps = 3 + Int(generator.next() % 4)
            for _ in 0..<steps {
                let step = Double(30 + generator.next() % 31)
                session.pointer.send(["scroll \(forward ? step : -step) 0", "sleep \(4 + generator.next() % 13)"])
            }
            session.pointer.send(["stop"])
            page += forward ? 1 : -1
            if try session.waitFor(page: page) { turned += 1 } else { page = try session.page() ?? page }
        }
        #expect(turned == 40, "\(turned) of 40 flicks turned exactly one page")

        // 220 px at an even pace, 10 px each 8 ms, then the lift: one page.
        session.pointer.scroll(dx: 10, steps: 22, milliseconds: 8)
        session.pointer.send(["stop"])
        #expect(try session.waitFor(page: page + 1), "page \((try? session.page()) ?? 0), not \(page + 1)")
    }

    @Test("A mouse's wheel and drag and the arrow keys still turn pages")
    func mouseAndKeysStillWork() throws {
        let session = try Session()
        session.pointer.send(["wheel 1"])
        #expect(try session.waitFor(page: 2), "the wheel: page \((try? session.page()) ?? 0)")
        // A drag to the left, 300 px in 10 steps 10 ms apart.
        session.pointer.send(
            ["press"] + (1...10).flatMap { ["move \(400 - 30 * $0) 300", "sleep 10"] } + ["release", "move 400 300"])
        #expect(try session.waitFor(page: 3), "the drag: page \((try? session.page()) ?? 0)")
        _ = try session.sway.run("wtype", ["-k", "Right"])
        #expect(try session.waitFor(page: 4), "Right: page \((try? session.page()) ?? 0)")
        _ = try session.sway.run("wtype", ["-k", "Left"])
        #expect(try session.waitFor(page: 3), "Left: page \((try? session.page()) ?? 0)")
    }
}
