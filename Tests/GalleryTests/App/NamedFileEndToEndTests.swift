import Foundation
import GalleryCore
import GalleryTesting
import Imaging
import Testing

@testable import Gallery
@testable import GalleryScene

/// What a new user met naming files (issue 43, items 5 and 7): a file that cannot be shown is named with why, in the
/// window and on standard error; a grey + alpha TGA shows; a missing path among others is skipped with a warning; a
/// display named but not there, and a scale out of range, are said as they are.
extension SDLSerializedTests {
    @Suite("Named files end to end")
    @MainActor struct NamedFileEndToEndTests {
        typealias Helpers = LibraryChangeEndToEndTests

        /// A 4 × 4 grey + alpha TGA (image type 3, 16 bits a pixel, top-left origin, 8 alpha bits).
        static let greyAlphaTGA: [UInt8] =
            [0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 16, 0x28]
            + (0..<16).flatMap { [UInt8($0 * 16), 255] }

        @Test(
            "A file named that cannot be shown is named with why on standard error",
            arguments: [
                ("empty.jpg", [], "empty file (0 bytes)"),
                ("text.jpg", Array("not a photo\n".utf8), "not an image in a supported format"),
            ] as [(String, [UInt8], String)])
        func unshowableNamed(name: String, bytes: [UInt8], reason: String) throws {
            let photos = try Helpers.folder([("a.jpg", Helpers.jpeg), (name, bytes)])
            let run = try GalleryProcess.run(
                [ScriptLine.quit(1.5)], arguments: ["--mode", "bounded", photos.path(name)])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.standardError.contains("\(photos.path(name)): cannot be shown: \(reason)"), "\(run.standardError)")
            #expect(run.records.last?.pages == 1)
        }

        @Test("The window's information line names the file dropped and why")
        func dropNoteNamesTheFile() throws {
            let photos = try Helpers.folder([("a.jpg", Helpers.jpeg), ("b.jpg", [])])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try Helpers.gallery(photos, start: 1, worker: worker)
            try Helpers.pump(gallery, worker: worker, from: 0) { gallery.library.count == 1 }
            #expect(gallery.model.overlays.notice == "b.jpg dropped: empty file (0 bytes)")
        }

        @Test("Several dropped: the first two named with why, and how many more")
        func dropNoteOfMany() {
            let failures = ["a.png", "b.png", "c.png"].map {
                DecodeFailure(source: .file(path: "/x/" + $0), reason: .emptyFile)
            }
            #expect(
                GalleryController.dropNote(failures)
                    == "3 files dropped: a.png: empty file (0 bytes); b.png: empty file (0 bytes); 1 more")
        }

        @Test("A grey + alpha TGA named shows, as nsxiv and feh show it")
        func greyAlphaTGAShows() throws {
            let photos = try Helpers.folder([("a.jpg", Helpers.jpeg), ("la.tga", Self.greyAlphaTGA)])
            let run = try GalleryProcess.run(
                [ScriptLine.quit(1.5)], arguments: ["--mode", "bounded", photos.path("la.tga")])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!run.standardError.contains("cannot be shown"), "\(run.standardError)")
            #expect(run.records.last?.pages == 2 && run.records.last?.page == 1)
        }

        @Test("A missing path among others is skipped with a warning; the rest opens")
        func missingAmongOthers() throws {
            let photos = try Helpers.folder([("a.jpg", Helpers.jpeg), ("b.jpg", Helpers.jpeg)])
            let run = try GalleryProcess.run(
                [ScriptLine.quit(0.5)],
                arguments: ["--mode", "bounded", photos.path("a.jpg"), photos.path("gone.jpg"), photos.path("b.jpg")])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.standardError.contains("\(photos.path("gone.jpg")): no such file or folder (skipped)"),
                "\(run.standardError)")
            #expect(run.records.last?.pages == 2)
        }

        @Test("Only missing paths: refused, naming the first")
        func onlyMissing() throws {
            let photos = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [ScriptLine.quit(0.5)], arguments: [photos.path("x.jpg"), photos.path("y.jpg")])
            #expect(run.status == 2)
            #expect(
                run.standardError.contains("\(photos.path("x.jpg")): no such file or folder"), "\(run.standardError)")
        }

        @Test("--scale out of range says the range")
        func scaleRange() throws {
            let run = try GalleryProcess.capture(["--scale", "9", "."])
            #expect(run.status == 2)
            #expect(run.text.contains("--scale must be between 1 and 4, found 9"), "\(run.text)")
        }

        @Test("A display named but not there is named")
        func displayNotThere() throws {
            let photos = try Helpers.folder([("a.jpg", Helpers.jpeg)])
            let run = try GalleryProcess.capture(
                [photos.url.path], environment: ["DISPLAY": ":69", "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
            #expect(run.status != 0)
            #expect(run.text.contains("cannot connect to X display :69"), "\(run.text)")
        }
    }
}
