import Foundation
import GalleryCore
import Support
import Testing

@testable import Gallery

/// `--action1` … `--action9` as a user runs them: the command sees the right paths, and a photo it changed is re-read.
extension SDLSerializedTests {
    @Suite("Actions end to end")
    struct ActionsEndToEndTests {
        @Test("Ctrl+1 runs --action1 on the photo (%f), Ctrl+2 --action2 on the marked ones (%F), in gallery order")
        func paths() throws {
            let (folder, paths) = try MarksEndToEndTests.photos()
            let out = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "Right"), ScriptLine.key(0.2, "Ctrl+1"), ScriptLine.key(0.3, "End"),
                    ScriptLine.key(0.4, "m"), ScriptLine.key(0.5, "Home"), ScriptLine.key(0.6, "m"),
                    ScriptLine.key(0.7, "Ctrl+2"),
                ],
                arguments: [
                    "--no-thumbnail-cache", "--mode", "bounded",
                    "--action1", "printf '%s\\n' %f > '\(out.path("one.txt"))'",
                    "--action2", "printf '%s\\n' %F > '\(out.path("two.txt"))'",
                    folder.url.path,
                ])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try String(contentsOfFile: out.path("one.txt"), encoding: .utf8) == paths[1] + "\n")
            #expect(
                try String(contentsOfFile: out.path("two.txt"), encoding: .utf8) == paths[0] + "\n" + paths[4] + "\n")
        }

        @Test(
            "a photo the action changed is read again, in the pager and on the wheel", arguments: ["bounded", "wheel"])
        func reread(mode: String) throws {
            let (folder, paths) = try MarksEndToEndTests.photos()
            let other = try TemporaryDirectory()
            let red = other.path("red.png")
            // Another size in bytes: the cache's test is the standard's (size, and the time in whole seconds).
            try Data(PNGChunks.solid(width: 12, height: 9, red: 250, green: 10, blue: 10))
                .write(to: URL(fileURLWithPath: red))
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.1, "Ctrl+1"), ScriptLine.shot(1.5, "after.png")],
                arguments: [
                    "--mode", mode, "--action1",
                    "sleep 0.2; cp '\(red)' %f", paths[0],
                ], size: "320x240")
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("after.png"))
            var redPixels = 0
            for y in 0..<shot.height {
                for x in 0..<shot.width {
                    let pixel = shot.pixel(x: x, y: y)
                    if pixel.r > 200, pixel.g < 40 { redPixels += 1 }
                }
            }
            #expect(redPixels > (mode == "wheel" ? 40 : 300), "\(redPixels) red pixels")
            _ = folder
        }
    }
}
