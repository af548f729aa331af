import Foundation
import Gallery
import GalleryCore
import Glibc
import Imaging
import PagerEngine
import Testing

/// Feed mode run headless as a process: appends, requests, failures and retries, on traces and pixels.
extension SDLSerializedTests {
    @Suite("Feed end to end")
    struct FeedEndToEndTests {
        /// Pixels on row `y` clearly lighter than the dark background: text or spinner spokes.
        static func lightColumns(_ surface: Surface, y: ClosedRange<Int>) -> Set<Int> {
            var columns = Set<Int>()
            for row in y {
                for x in 0..<surface.width {
                    let pixel = surface.pixel(x: x, y: row)
                    if Int(pixel.r) + Int(pixel.g) + Int(pixel.b) > 240 { columns.insert(x) }
                }
            }
            return columns
        }

        @Test("One request per approach to the end; an append mid-drag leaves the held page exactly where it is")
        func appendDuringDrag() throws {
            var lines = [ScriptLine.key(0.1, "Right"), ScriptLine.key(0.6, "Right"), ScriptLine.down(1.2, 200)]
            lines += (1...10).map { ScriptLine.move(1.2 + Double($0) / 100, 200 - 5 * Double($0)) }
            lines += [ScriptLine.up(2.0, 150), ScriptLine.key(2.5, "End")]
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "3", "--mode", "feed", "--feed-delay", "0.7"])
            #expect(run.status == 0, "\(run.standardError)")
            let records = run.records
            let appendFrame = try #require(records.firstIndex { $0.events.contains("appended:6") })
            #expect(records.prefix(appendFrame).flatMap(\.events).filter { $0 == "needsMorePages" }.count == 1)
            // The answer lands while the hand holds the strip still: nothing moves, the page stays.
            let held = records[appendFrame]
            #expect(held.phase == "dragging")
            #expect(held.offsetPixels == records[appendFrame - 1].offsetPixels)
            #expect(held.page == 2 && records[appendFrame - 1].page == 2)
            #expect(held.pages == 9 && records[appendFrame - 1].pages == 3)
            #expect(held.feedState == "idle")
            // The new end asks again, once.
            #expect(records.flatMap(\.events).filter { $0 == "needsMorePages" }.count == 2)
            #expect(records.last?.page == 8)
            #expect(records.last?.feedState == "idle")
            #expect(records.last?.pages == 15)
        }

        @Test("An append mid-fling leaves the fling untouched: same path, same target, the new page lands in place")
        func appendDuringFling() throws {
            let lines = [ScriptLine.key(0.1, "End")] + ScriptLine.drag(at: 1.0, from: 200, to: 140, duration: 0.05)
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "3", "--mode", "feed", "--feed-delay", "1", "--fps", "120"])
            #expect(run.status == 0, "\(run.standardError)")
            let records = run.records
            let appendFrame = try #require(records.firstIndex { $0.events.contains("appended:6") })
            #expect(records[appendFrame].phase == "settling")
            // Continuous: the step across the append is no larger than the steps either side of it.
            let steps = (appendFrame - 2...appendFrame + 2).map {
                records[$0].offsetPixels - records[$0 - 1].offsetPixels
            }
            #expect(steps.allSatisfy { $0 > 0 })
            #expect(abs(steps[2]) <= max(abs(steps[1]), abs(steps[3])) * 1.2)
            // The fling went to the spinner's slot, where the first new page now is.
            let last = try #require(records.last)
            #expect(last.offsetPixels == 3 * 320)
            #expect(last.page == 3)
            #expect(last.slots[3] == 3)
        }

        /// A seed whose first simulated request fails and whose second succeeds at a failure rate of one half.
        static let failThenSucceedSeed: UInt64 = {
            (0...).lazy.map(UInt64.init).first { seed in
                var random = SplitMix64(seed: seed)
                return random.nextUnitInterval() < 0.5 && random.nextUnitInterval() >= 0.5
            }!
        }()

        @Test("A failure shows the retry page where the spinner was; R recovers and loses nothing")
        func failureThenRetry() throws {
            let lines = [
                ScriptLine.key(0.1, "End"), ScriptLine.key(0.5, "Right"), ScriptLine.shot(1.0, "spinner.png"),
                ScriptLine.shot(1.6, "retry.png"), ScriptLine.key(1.8, "R"), ScriptLine.shot(2.0, "loading.png"),
                ScriptLine.shot(3.0, "arrived.png"),
            ]
            let run = try GalleryProcess.run(
                lines,
                arguments: [
                    "--synthetic", "3", "--mode", "feed", "--feed-delay", "1", "--feed-failure-rate", "0.5",
                    "--feed-seed", "\(Self.failThenSucceedSeed)",
                ])
            #expect(run.status == 0, "\(run.standardError)")
            let failed = try #require(run.records.first { $0.events.contains("loadFailed") })
            #expect(failed.feedState == "failed")
            #expect(failed.pages == 3)
            #expect(failed.offsetPixels == 3 * 320)  // Still on the retry page: the user sees why.
            let retried = try #require(run.records.first { $0.t >= 1.8 })
            #expect(retried.feedState == "loading")
            #expect(retried.events.contains("needsMorePages"))
            let last = try #require(run.records.last)
            #expect(last.feedState == "idle")
            #expect(last.pages == 9)
            #expect(last.page == 3)

            // Pixels: the spinner is a small wheel; the retry prompt is a line of text nearly as wide as the page.
            let band = 100...140
            let spinner = Self.lightColumns(try HeadlessEndToEndTests.load(run.shot("spinner.png")), y: band)
            let retry = Self.lightColumns(try HeadlessEndToEndTests.load(run.shot("retry.png")), y: band)
            #expect(!spinner.isEmpty && spinner.allSatisfy { (130...190).contains($0) })
            #expect(retry.contains { $0 < 60 } && retry.contains { $0 > 260 })
            let arrived = try HeadlessEndToEndTests.load(run.shot("arrived.png"))
            #expect(arrived.pixel(x: 160, y: 120) != HeadlessEndToEndTests.background)
        }

        @Test("The spinner turns: its frames differ over time")
        func spinnerTurns() throws {
            let lines = [
                ScriptLine.key(0.1, "End"), ScriptLine.key(0.5, "Right"), ScriptLine.shot(1.0, "a.png"),
                ScriptLine.shot(1.25, "b.png"), ScriptLine.shot(2.0, "c.png"),
            ]
            let run = try GalleryProcess.run(
                lines, arguments: ["--synthetic", "3", "--mode", "feed", "--feed-delay", "5"])
            #expect(run.status == 0, "\(run.standardError)")
            let a = try HeadlessEndToEndTests.load(run.shot("a.png"))
            let b = try HeadlessEndToEndTests.load(run.shot("b.png"))
            let c = try HeadlessEndToEndTests.load(run.shot("c.png"))
            let spinner = PixelRect(x: 160 - 40, y: 120 - 40, width: 80, height: 80)
            func differences(_ x: Surface, _ y: Surface) -> Int {
                var count = 0
                for row in spinner.y..<(spinner.y + spinner.height) {
                    for column in spinner.x..<(spinner.x + spinner.width)
                    where x.pixel(x: column, y: row) != y.pixel(x: column, y: row) {
                        count += 1
                    }
                }
                return count
            }
            #expect(differences(a, b) > 20)
            #expect(differences(a, c) == 0)  // One turn per second.
        }

        @Test("The folder watch appends a photo copied in after start")
        func folderWatch() throws {
            let folder = try TemporaryDirectory()
            let watched = folder.path("incoming")
            try FileManager.default.createDirectory(atPath: watched, withIntermediateDirectories: false)
            let photo = BundledPhotos.paths[1]
            let lines = [ScriptLine.key(0.1, "End"), ScriptLine.key(2.2, "Right"), ScriptLine.quit(3.5)]
            // The gallery lists the watched folder once its own watch is in place: a photo copied in after that
            // listing began is one the watch must append. The test waits for the listing, not for a guessed time.
            let listing = inotify_init1(Int32(IN_CLOEXEC))
            defer { close(listing) }
            #expect(inotify_add_watch(listing, watched, UInt32(IN_OPEN)) >= 0)
            let run = try GalleryProcess.run(
                lines, arguments: ["--mode", "feed", "--feed-watch", watched, BundledPhotos.paths[0]]
            ) {
                var opened = pollfd(fd: listing, events: Int16(POLLIN), revents: 0)
                #expect(poll(&opened, 1, 30_000) == 1, "the gallery never listed the watched folder")
                try FileManager.default.copyItem(atPath: photo, toPath: watched + "/new.jpg")
            }
            #expect(run.status == 0, "\(run.standardError)")
            // One photo named opens its folder's twelve; the new one comes after them.
            let appended = try #require(run.records.first { $0.events.contains("appended:1") })
            #expect(appended.pages == 13)
            #expect(run.records.last?.page == 12)
            #expect(run.records.last?.feedState == "loading")  // Waiting for the next photo.
        }

        @Test("A feed command that fails shows the retry page with its reason")
        func commandFailure() throws {
            let lines = [
                ScriptLine.key(0.1, "End"), ScriptLine.key(0.5, "Right"), ScriptLine.shot(1.5, "retry.png"),
                ScriptLine.quit(1.6),
            ]
            let run = try GalleryProcess.run(
                lines,
                arguments: [
                    "--synthetic", "3", "--mode", "feed", "--feed-command", "echo 'server said no' >&2; exit 1",
                ])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.contains { $0.events.contains("loadFailed") })
            let last = try #require(run.records.last)
            #expect(last.feedState == "failed")
            #expect(last.offsetPixels == 960)
            let retry = Self.lightColumns(try HeadlessEndToEndTests.load(run.shot("retry.png")), y: 100...140)
            #expect(retry.contains { $0 < 60 } && retry.contains { $0 > 260 })
        }

        @Test("A command that prints a path that is missing or not an image appends an error tile, not a crash")
        func commandBadPaths() throws {
            let folder = try TemporaryDirectory()
            let text = folder.path("notes.jpg")
            try "not a picture".write(toFile: text, atomically: true, encoding: .utf8)
            let lines = [
                ScriptLine.key(0.1, "End"), ScriptLine.key(0.6, "Right"), ScriptLine.shot(1.2, "missing.png"),
                ScriptLine.key(1.3, "Right"), ScriptLine.shot(1.9, "text.png"), ScriptLine.quit(2.0),
            ]
            let run = try GalleryProcess.run(
                lines,
                arguments: ["--synthetic", "3", "--mode", "feed", "--feed-command", "echo /no/such.jpg; echo \(text)"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.contains { $0.events.contains("appended:2") })
            #expect(run.records.last?.page == 4)
            for shot in ["missing.png", "text.png"] {
                let errorTile = try HeadlessEndToEndTests.load(run.shot(shot)).pixel(x: 30, y: 30)
                #expect(errorTile == RGBA(r: 70, g: 20, b: 24), "\(shot)")
            }
        }

        @Test(
            "Bad feed flags give a one-line error and exit status 2",
            arguments: [
                ["--feed-batch", "0"], ["--feed-delay=-1"], ["--feed-failure-rate", "1.5"],
                ["--feed-watch", "/no/such/folder"], ["--feed-watch", "/etc/hostname"], ["--feed-command", "  "],
            ])
        func badFlags(arguments: [String]) throws {
            let run = try GalleryProcess.run([ScriptLine.quit(0.1)], arguments: ["--synthetic", "3"] + arguments)
            #expect(run.status == 2)
            let lines = run.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(run.standardError)")
            #expect(lines.first?.hasPrefix("Error: --feed-") == true)
        }
    }
}
