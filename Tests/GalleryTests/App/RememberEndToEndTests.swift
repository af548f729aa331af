import Foundation
import Testing

/// `--remember` run as a user would: a first run zooms, pans and turns a photo and quits; a second run of the same
/// folder opens on that photo as it was left.
extension SDLSerializedTests {
    @Suite("--remember end to end")
    struct RememberEndToEndTests {
        /// A folder of the bundled photos' first four, and its state folder.
        static func folder() throws -> TemporaryDirectory {
            let folder = try TemporaryDirectory()
            let photos = folder.path("photos")
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
            for name in ["01-astronaut.jpg", "02-coffee.jpg", "03-chelsea.jpg", "04-rocket.jpg"] {
                try FileManager.default.copyItem(
                    atPath: BundledPhotos.directory.appendingPathComponent(name).path, toPath: photos + "/" + name)
            }
            return folder
        }

        static let firstRun = [
            ScriptLine.key(0.2, "n"), ScriptLine.key(0.8, ">"), ScriptLine.key(1.2, "+"), ScriptLine.key(1.6, "+"),
            ScriptLine.key(2.0, "j"), ScriptLine.shot(5, "end.png"),
        ]

        @Test("A second run reopens the folder on the photo left, at its zoom, pan and turn; without --remember at fit")
        func reopensAsLeft() throws {
            let folder = try Self.folder()
            let environment = ["XDG_STATE_HOME": folder.path("state")]
            let arguments = ["--remember", folder.path("photos")]
            let first = try GalleryProcess.run(
                Self.firstRun, arguments: arguments, size: "640x400", environment: environment, in: folder)
            #expect(first.status == 0, "\(first.standardError)")
            let left = try #require(first.records.last)
            #expect(left.page == 1 && left.zoom > 1.2 && left.panY != 0)
            let shot = try Data(contentsOf: URL(fileURLWithPath: first.shot("end.png")))
            let second = try GalleryProcess.run(
                [ScriptLine.shot(5, "end.png")], arguments: arguments, size: "640x400", environment: environment,
                in: folder)
            #expect(second.status == 0, "\(second.standardError)")
            let reopened = try #require(second.records.last)
            #expect(reopened.page == left.page)
            #expect([reopened.zoom, reopened.panX, reopened.panY] == [left.zoom, left.panX, left.panY])
            // The turn too: the same pixels.
            #expect(try Data(contentsOf: URL(fileURLWithPath: second.shot("end.png"))) == shot)
            let plain = try GalleryProcess.run(
                [ScriptLine.key(0.2, "n")], arguments: [folder.path("photos")], environment: environment)
            #expect(plain.records.last?.page == 1 && plain.records.last?.zoom == 1)
        }

        @Test("A damaged state file is said on standard error and ignored; the run goes on and replaces it at quit")
        func damagedFileIgnored() throws {
            let folder = try Self.folder()
            try FileManager.default.createDirectory(
                atPath: folder.path("state/gallery"), withIntermediateDirectories: true)
            try folder.write(Array("gallery views 1\nv nonsense\n".utf8), to: "state/gallery/views")
            let run = try GalleryProcess.run(
                Self.firstRun, arguments: ["--remember", folder.path("photos")],
                environment: ["XDG_STATE_HOME": folder.path("state")], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.standardError.contains("state/gallery/views:2: not understood; the remembered views are ignored"))
            let text = try String(contentsOfFile: folder.path("state/gallery/views"), encoding: .utf8)
            #expect(text.hasPrefix("gallery views 1\nv ") && text.contains("02-coffee.jpg"))
        }
    }
}
