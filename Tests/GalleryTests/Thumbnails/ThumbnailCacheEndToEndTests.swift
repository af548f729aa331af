import Foundation
import GalleryCore
import GalleryTesting
import Imaging
import Support
import Testing

@testable import Gallery

/// The wheel through the desktop's shared thumbnail cache, as a user runs it: the built `gallery`, headless, with
/// `XDG_CACHE_HOME` in a temporary folder.
extension SDLSerializedTests {
    @Suite("Thumbnail cache end to end")
    struct ThumbnailCacheEndToEndTests {
        static let magenta = RGBA(r: 255, g: 0, b: 255)

        /// Four green photos in a folder of their own.
        static func photos() throws -> (folder: TemporaryDirectory, paths: [String]) {
            let folder = try TemporaryDirectory()
            let jpeg = JPEGFixture.rgb(width: 400, height: 300) { _, _ in RGBA(r: 40, g: 160, b: 60) }
            let paths = try (0..<4).map { index in
                let path = folder.path("p\(index).jpg")
                try Data(jpeg).write(to: URL(fileURLWithPath: path))
                return path
            }
            return (folder, paths)
        }

        /// The cache key of the photo at `path` as it is now.
        static func key(_ path: String) throws -> ThumbnailKey {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let modified = try #require(attributes[.modificationDate] as? Date)
            return ThumbnailKey(
                path: path, workingDirectory: "/", modifiedSeconds: Int(modified.timeIntervalSince1970.rounded(.down)),
                byteCount: try #require(attributes[.size] as? Int))
        }

        /// Runs the wheel over `photos` with the cache at `xdg`, and returns the shot's magenta pixels.
        static func wheel(_ photos: String, xdg: String, extra: [String] = []) throws -> Int {
            let run = try GalleryProcess.run(
                [ScriptLine.shot(0.5, "wheel.png")], arguments: ["--mode", "wheel"] + extra + [photos],
                size: "640x360", environment: ["XDG_CACHE_HOME": xdg])
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("wheel.png"))
            var count = 0
            for y in 0..<shot.height {
                for x in 0..<shot.width {
                    let pixel = shot.pixel(x: x, y: y)
                    if pixel.r > 200, pixel.g < 60, pixel.b > 200 { count += 1 }
                }
            }
            return count
        }

        @Test(
            "thumbnails written pass the standard's check; a valid one is used without decoding; a stale one is replaced"
        )
        func coldWarmStale() throws {
            let (folder, paths) = try Self.photos()
            let cache = try TemporaryDirectory()
            let xdg = cache.path("xdg")
            #expect(try Self.wheel(folder.url.path, xdg: xdg) == 0)
            let normal = xdg + "/thumbnails/normal/"
            #expect(try FileManager.default.contentsOfDirectory(atPath: normal).count == paths.count)
            for path in paths {
                let key = try Self.key(path)
                let file = normal + key.fileName
                let png = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
                let texts = try #require(PNGChunks.texts(in: png))
                #expect(texts["Thumb::URI"] == "file://" + path)
                #expect(texts["Thumb::MTime"] == String(key.modifiedSeconds))
                #expect(texts["Thumb::Size"] == String(key.byteCount))
                #expect(texts["Software"]?.hasPrefix("gallery ") == true)
                let size = try #require(PNGChunks.size(of: png))
                #expect(max(size.width, size.height) <= 128 && size.width == 128, "\(size)")
                let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
                #expect(mode.map { $0 & 0o777 } == 0o600)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == paths.count)

            // A valid thumbnail that differs from its photo shows instead of the photo: it was not decoded.
            let key = try Self.key(paths[0])
            let thumbnail = normal + key.fileName
            let magenta = PNGChunks.solid(
                width: 128, height: 96, red: 255, green: 0, blue: 255, chunks: key.textChunks(software: "test"))
            try Data(magenta).write(to: URL(fileURLWithPath: thumbnail))
            #expect(try Self.wheel(folder.url.path, xdg: xdg) > 200)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: thumbnail))) == magenta)

            // One whose MTime is not the photo's is outdated: the photo is decoded, and the thumbnail replaced.
            var stale = key
            stale.modifiedSeconds -= 10
            try Data(
                PNGChunks.solid(
                    width: 128, height: 96, red: 255, green: 0, blue: 255, chunks: stale.textChunks(software: "test"))
            ).write(to: URL(fileURLWithPath: thumbnail))
            #expect(try Self.wheel(folder.url.path, xdg: xdg) == 0)
            let replaced = try #require(
                PNGChunks.texts(in: Array(try Data(contentsOf: URL(fileURLWithPath: thumbnail)))))
            #expect(replaced["Thumb::MTime"] == String(key.modifiedSeconds))
        }

        @Test("--no-thumbnail-cache reads and writes nothing")
        func untouched() throws {
            let (folder, paths) = try Self.photos()
            let cache = try TemporaryDirectory()
            let xdg = cache.path("xdg")
            try FileManager.default.createDirectory(
                atPath: xdg + "/thumbnails/normal", withIntermediateDirectories: true)
            let key = try Self.key(paths[0])
            try Data(
                PNGChunks.solid(
                    width: 128, height: 96, red: 255, green: 0, blue: 255, chunks: key.textChunks(software: "test"))
            ).write(to: URL(fileURLWithPath: xdg + "/thumbnails/normal/" + key.fileName))
            #expect(try Self.wheel(folder.url.path, xdg: xdg, extra: ["--no-thumbnail-cache"]) == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: xdg + "/thumbnails/normal") == [key.fileName])
            #expect(try FileManager.default.contentsOfDirectory(atPath: xdg + "/thumbnails") == ["normal"])
        }

        @Test("a cache inside the watched folder (--feed-watch) is never written, even before a photo arrives there")
        func watchedFolder() throws {
            let (folder, _) = try Self.photos()
            let watched = try TemporaryDirectory()
            #expect(
                try Self.wheel(folder.url.path, xdg: watched.path("xdg"), extra: ["--feed-watch", watched.url.path])
                    == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: watched.url.path).isEmpty)
        }

        @Test("a photo that fails gets a fail entry of this version")
        func failEntry() throws {
            let folder = try TemporaryDirectory()
            let bad = folder.path("bad.jpg")
            try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 7, count: 64)).write(
                to: URL(fileURLWithPath: bad))
            let good = folder.path("good.jpg")
            try Data(JPEGFixture.rgb(width: 40, height: 30) { _, _ in RGBA(r: 9, g: 9, b: 9) })
                .write(to: URL(fileURLWithPath: good))
            let cache = try TemporaryDirectory()
            _ = try Self.wheel(folder.url.path, xdg: cache.path("xdg"))
            let fail = cache.path("xdg") + "/thumbnails/fail"
            let versions = try FileManager.default.contentsOfDirectory(atPath: fail)
            #expect(versions.count == 1 && versions[0].hasPrefix("gallery-"))
            let entries = try FileManager.default.contentsOfDirectory(atPath: fail + "/" + versions[0])
            #expect(entries == [try Self.key(bad).fileName])
        }
    }
}
