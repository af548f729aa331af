import Foundation
import Gallery
import GalleryCore
import GalleryTesting
import Glibc
import Imaging
import Support
import Testing

extension SDLSerializedTests {
    @Suite("Names that are not UTF-8")
    struct PathBytesEndToEndTests {
        static let red = RGBA(r: 220, g: 30, b: 30)

        /// A folder whose `photos` folder holds one red photo named `bad\xff\xfename.jpg`, and that photo's path.
        static func folder() throws -> (folder: TemporaryDirectory, photo: String) {
            let folder = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: folder.path("photos"), withIntermediateDirectories: false)
            let photo = PathBytes.string(
                fromBytes: Array((folder.path("photos") + "/").utf8) + Array("bad".utf8) + [0xFF, 0xFE]
                    + Array("name.jpg".utf8))
            let jpeg = JPEGFixture.rgb(width: 64, height: 48) { _, _ in red }
            let descriptor = PathBytes.withSystemPath(photo) {
                open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            }
            try #require(descriptor >= 0)
            #expect(jpeg.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == jpeg.count)
            close(descriptor)
            return (folder, photo)
        }

        /// Whether the shot's centre shows the red photo.
        static func showsPhoto(_ shot: String) throws -> Bool {
            let surface = try HeadlessEndToEndTests.load(shot)
            let centre = surface.pixel(x: surface.width / 2, y: surface.height / 2 - 20)
            return centre.r > 180 && centre.g < 80 && centre.b < 80
        }

        @Test("a folder's photo whose name is not UTF-8 is listed and shown")
        func listed() throws {
            let (folder, photo) = try Self.folder()
            defer { _ = PathBytes.withSystemPath(photo) { unlink($0) } }  // FileManager cannot name it.
            let run = try GalleryProcess.run(
                [ScriptLine.shot(0.5, "bad.png")], arguments: ["--no-thumbnail-cache", folder.path("photos")])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.first?.pages == 1)
            #expect(try Self.showsPhoto(run.shot("bad.png")))
        }

        @Test("a photo whose name is not UTF-8, named on the command line, opens")
        func named() throws {
            let (folder, photo) = try Self.folder()
            defer { _ = PathBytes.withSystemPath(photo) { unlink($0) } }
            try ScriptLine.shot(0.5, "bad.png").write(
                toFile: folder.path("script.jsonl"), atomically: true, encoding: .utf8)
            // The name's bytes as a shell passes them: Process would take a String, which cannot hold them.
            let command = """
                exec "$0" --headless --no-thumbnail-cache --size 320x240 --script script.jsonl --shots shots \
                "$(printf 'photos/bad\\377\\376name.jpg')"
                """
            let run = try GalleryProcess.capture(
                ["-c", command, GalleryProcess.executable.path], program: URL(fileURLWithPath: "/bin/sh"),
                in: folder.url.path)
            #expect(run.status == 0, "\(run.text)")
            #expect(try Self.showsPhoto(folder.path("shots/bad.png")))
        }
    }
}
