import CSDL2
import Foundation
import Gallery
import GalleryTesting
import Testing

extension SDLSerializedTests {
    @Suite("Shots")
    struct ShotsTests {
        @Test func shotsAreOpaqueEverywhere() throws {
            let run = try GalleryProcess.run([ScriptLine.shot(0.5, "a.png")], arguments: ["--synthetic", "3"])
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try Surface.loading(run.shot("a.png"))
            #expect(shot.isOpaque)  // no alpha channel at all, or SDL_image's copy would blend
            for (x, y) in [(0, 0), (160, 120), (319, 239), (20, 200)] {
                #expect(shot.pixel(x: x, y: y).a == 255)
            }
        }

        @Test func shotsFolderHoldingShownPhotosIsRefused() throws {
            let photos = try TemporaryDirectory()
            try photos.write(JPEGFixture.rgb(width: 8, height: 8) { _, _ in .white }, to: "a.jpg")
            let script = photos.path("script.jsonl")  // not an image: the folder still holds one photo
            try ScriptLine.shot(0.1, "a.png").write(toFile: script, atomically: true, encoding: .utf8)
            let before = try Data(contentsOf: URL(fileURLWithPath: photos.path("a.jpg")))

            let result = try GalleryProcess.capture([
                "--headless", "--script", script, "--shots", photos.url.path, photos.url.path,
            ])
            #expect(result.status == 2)
            #expect(result.text.contains("is inside"), "\(result.text)")
            #expect(
                result.text.contains("a folder the gallery shows, watches or reads photos from"), "\(result.text)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: photos.path("a.jpg"))) == before)
        }

        @Test func shotsPathThatIsAFileGivesOneClearLine() throws {
            let folder = try TemporaryDirectory()
            let file = try folder.write(Array("not a folder".utf8), to: "notes.txt")
            let script = folder.path("script.jsonl")
            try ScriptLine.shot(0.1, "a.png").write(toFile: script, atomically: true, encoding: .utf8)
            let result = try GalleryProcess.capture([
                "--headless", "--script", script, "--shots", file, "--synthetic", "2",
            ])
            #expect(result.status == 2)
            #expect(result.text == "Error: --shots \(file): is a file, not a folder\n", "\(result.text)")
            #expect(!result.text.contains("NSCocoaErrorDomain"))
        }
    }
}
