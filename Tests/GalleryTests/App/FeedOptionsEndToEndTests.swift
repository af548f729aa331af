import Foundation
import PagerEngine
import Testing

/// The feed options as a user gives them, run headless as a process (issue 19, item 10).
extension SDLSerializedTests {
    @Suite("Feed options end to end")
    struct FeedOptionsEndToEndTests {
        @Test(
            "--feed-watch DIR alone opens DIR's photos in the feed; --mode still wins; --feed-command implies the feed",
            arguments: [
                (["--feed-watch"], TopologyKind.feed), (["--mode", "bounded", "--feed-watch"], .bounded),
            ])
        func feedWatchImpliesTheFeed(options: [String], mode: TopologyKind) throws {
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

        @Test("--feed-command with paths starts in the feed")
        func feedCommandImpliesTheFeed() throws {
            let run = try GalleryProcess.run(
                [ScriptLine.quit(0.5)], arguments: ["--feed-command", "true", BundledPhotos.paths[0]], size: "640x480")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.last?.mode == .feed)
        }
    }
}
