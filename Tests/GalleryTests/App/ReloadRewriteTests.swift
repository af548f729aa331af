import Foundation
import GalleryCore
import GalleryTesting
import Imaging
import PagerEngine
import Testing

@testable import Gallery
@testable import GalleryScene

/// Files rewritten in place while they show, as ImageMagick writes them (`mogrify`, `convert x.jpg … x.jpg`): opened
/// with O_TRUNC and closed (an empty file for a moment), then opened again and written. The writer here pauses between
/// the two until the gallery has read the empty file, which a busy machine does by chance (issue 43, item 1).
extension SDLSerializedTests {
    @Suite("Reload: files rewritten in place")
    @MainActor struct ReloadRewriteTests {
        typealias Helpers = LibraryChangeEndToEndTests

        /// Truncates `path` and closes it, as ImageMagick's first open does.
        static func truncate(_ path: String) {
            let descriptor = open(path, O_WRONLY | O_TRUNC)
            #expect(descriptor >= 0)
            close(descriptor)
        }

        /// Writes `bytes` into `path` in place (no new inode), as ImageMagick's second open does.
        static func writeInPlace(_ bytes: [UInt8], to path: String) {
            let descriptor = open(path, O_WRONLY)
            #expect(descriptor >= 0)
            #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
            close(descriptor)
        }

        /// A gallery on a.jpg, b.jpg, c.jpg showing b.jpg, with its folder watched and b.jpg's picture drawn.
        static func watchedGallery(
            _ photos: TemporaryDirectory, worker: DecodeWorker
        ) throws -> (GalleryController, Double) {
            let gallery = try Helpers.gallery(photos, start: 1, worker: worker, watching: true)
            let time = try Helpers.pump(gallery, worker: worker, from: 0) { Helpers.shownAspect(gallery) != nil }
            usleep(100_000)  // The watch thread takes up the folder.
            return (gallery, time)
        }

        @Test("A photo truncated, then written again in place, stays in the count and shows its new picture")
        func rewrittenInPlaceStays() throws {
            let photos = try Helpers.folder([
                ("a.jpg", Helpers.jpeg), ("b.jpg", Helpers.jpeg), ("c.jpg", Helpers.jpeg),
            ])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            var (gallery, time) = try Self.watchedGallery(photos, worker: worker)

            Self.truncate(photos.path("b.jpg"))
            // The gallery reads the empty file, and goes on a few frames with it.
            time = try Helpers.pump(gallery, worker: worker, from: time) {
                gallery.store.failure(forPhoto: 1) != nil || gallery.library.count < 3
            }
            time = try Helpers.pump(gallery, worker: worker, from: time + 0.2) { true }
            #expect(gallery.library.count == 3, "an empty file for a moment is not dropped")

            Self.writeInPlace(Helpers.square, to: photos.path("b.jpg"))
            try Helpers.pump(gallery, worker: worker, from: time) {
                Helpers.shownAspect(gallery) == 1 && gallery.store.failure(forPhoto: 1) == nil
            }
            #expect(gallery.library.count == 3 && Helpers.shownPath(gallery) == "b.jpg")
        }

        @Test("r reads again a dropped file replaced since, even by one with an older modification time (cp -p, mv)")
        func reloadReadsAReplacedFileAgain() throws {
            let photos = try Helpers.folder([("a.jpg", Helpers.jpeg), ("b.jpg", Array("not a photo\n".utf8))])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try Helpers.gallery(photos, start: 0, worker: worker)
            var time = try Helpers.pump(gallery, worker: worker, from: 0) { gallery.library.count == 1 }
            // A photo kept elsewhere for an hour takes b.jpg's place with its own time, as `mv` and `cp -p` keep it.
            let kept = try photos.write(Helpers.square, to: "kept.tmp")
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: kept)
            #expect(rename(kept, photos.path("b.jpg")) == 0)
            gallery.apply(.key(.named("r"), isRepeat: false), at: time)
            gallery.waitForReload()
            time = try Helpers.pump(gallery, worker: worker, from: time) { !gallery.isReloading }
            #expect(gallery.library.count == 2 && gallery.model.overlays.notice == "reloaded: 1 new")
        }
    }

    /// `gallery DIR/photo.jpg` lists DIR at photo.jpg; `r` lists DIR again, also once photo.jpg is gone (issue 43, item
    /// 3: every `r` failed with "photo.jpg: no such file or folder").
    @Suite("Reload: the photo named at start gone")
    struct ReloadNamedPhotoGoneTests {
        @Test("Delete the photo named, then r: the folder is listed again, nothing fails")
        func namedPhotoDeleted() throws {
            let folder = try TemporaryDirectory()
            for (index, name) in ["01.jpg", "02.jpg", "03-chelsea.jpg", "04.jpg"].enumerated() {
                let picture = JPEGFixture.rgb(width: 64, height: 48) { _, _ in RGBA(r: UInt8(50 * index), g: 90, b: 9) }
                try folder.write(picture, to: name)
            }
            let data = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.3, "Delete"), ScriptLine.key(1.0, "r"), ScriptLine.key(1.8, "r"),
                    ScriptLine.quit(2.5),
                ],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.path("03-chelsea.jpg")],
                environment: ["XDG_DATA_HOME": data.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("03-chelsea.jpg")))
            #expect(!run.standardError.contains("reload"), "\(run.standardError)")
            #expect(run.records.first?.pages == 4 && run.records.last?.pages == 3)
        }
    }
}
