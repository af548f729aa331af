import Foundation
import GalleryCore
import PagerEngine
import Testing

/// The feed options as a user gives them, run headless as a process.
extension SDLSerializedTests {
    @Suite("Feed options end to end")
    struct FeedOptionsEndToEndTests {
        @Test(
            "--feed-watch DIR alone opens DIR's photos in the feed; --mode still wins; --feed-command implies the feed",
            arguments: [
                (["--feed-watch"], GalleryMode.feed), (["--mode", "bounded", "--feed-watch"], .bounded),
            ])
        func feedWatchImpliesTheFeed(options: [String], mode: GalleryMode) throws {
            let watched = try TemporaryDirectory()
            for photo in BundledPhotos.paths.prefix(2) {
                try FileManager.default.copyItem(
                    atPath: photo, toPath: watched.path((photo as NSString).lastPathComponent))
            }
            let run = try GalleryProcess.run(
                [ScriptLine.quit(0.5)], arguments: options + [watched.url.path], size: "640x480")
            #expect(run.status == 0, "\(run.standardError)")
            let last = try #require(run.records.last)
            #expect(last.mode == mode)
            #expect(last.pages == 2)  // DIR's two photos, not the 12 bundled ones.
        }

        @Test("--feed-watch on an empty folder opens on the feed's spinner page; another mode has nothing to show")
        func emptyWatchedFolderOpensOnTheFeed() throws {
            let watched = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [ScriptLine.quit(0.5)], arguments: ["--feed-watch", watched.url.path], size: "640x480")
            #expect(run.status == 0, "\(run.standardError)")
            let last = try #require(run.records.last)
            #expect(last.mode == .feed)
            #expect(last.pages == 0 && last.feedState == "loading")
            let refused = try GalleryProcess.run(
                [ScriptLine.quit(0.5)], arguments: ["--mode", "bounded", "--feed-watch", watched.url.path],
                size: "640x480")
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("no images in"), "\(refused.standardError)")
        }

        @Test(
            "An empty watched folder's spinner page says, below the spinner and after the label fades, what it waits for"
        )
        func emptyWatchedFolderSaysWhatItWaitsFor() throws {
            let watched = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [ScriptLine.shot(4, "waiting.png"), ScriptLine.quit(4.1)],
                arguments: ["--feed-watch", watched.url.path], size: "640x480")
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("waiting.png"))
            // Light text in the band below the 56 px spinner at the page's centre, across most of the width.
            let band = (268..<300).flatMap { y in (0..<640).map { shot.pixel(x: $0, y: y) } }
            let text = band.filter { Int($0.r) + Int($0.g) + Int($0.b) > 3 * 100 }
            #expect(text.count > 200, "\(text.count) light pixels below the spinner")
        }

        @Test("A photo copied into an empty watched folder appears: it takes the spinner's place, decoded and drawn")
        func photoArrivesInEmptyWatchedFolder() throws {
            let watched = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [ScriptLine.shot(2.5, "arrived.png"), ScriptLine.quit(2.6)],
                arguments: ["--feed-watch", watched.url.path], size: "640x480"
            ) {
                usleep(700_000)
                try FileManager.default.copyItem(atPath: BundledPhotos.paths[1], toPath: watched.path("new.jpg"))
            }
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.first?.pages == 0)
            let appended = try #require(run.records.first { $0.events.contains("appended:1") })
            #expect(appended.pages == 1)
            let last = try #require(run.records.last)
            #expect(last.page == 0 && last.pages == 1 && last.decoded == 1 && last.offsetPixels == 0)
            // 02-coffee (600×400) fitted into 640×480 less the gap: 608 wide at the middle row, not the spinner.
            let shot = try HeadlessEndToEndTests.load(run.shot("arrived.png"))
            let columns = (0..<640).filter { shot.pixel(x: $0, y: 240) != HeadlessEndToEndTests.background }
            #expect(abs(columns.count - 608) <= 2, "\(columns.count) columns of photo")
        }

        @Test("--feed-command with paths starts in the feed")
        func feedCommandImpliesTheFeed() throws {
            let run = try GalleryProcess.run(
                [ScriptLine.quit(0.5)], arguments: ["--feed-command", "true", BundledPhotos.paths[0]], size: "640x480")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.last?.mode == .feed)
        }
    }
}
