import Foundation
import Testing

/// `--keep-zoom` starts the gallery with the zoom kept over page turns, as `z` toggles it, run headless as a process.
extension SDLSerializedTests {
    @Suite("--keep-zoom end to end")
    struct KeepZoomFlagTests {
        @Test("With --keep-zoom and no z, the next photo opens at the zoom of the last; without it, at fit")
        func startsKept() throws {
            // The Hubble deep field at 100 % (1000×872 fitted in 1280×720), then the next photo, 1411×1411 (fit 688 px):
            // kept, it opens at 100 % of its own pixels too.
            let script = [ScriptLine.key(0.2, "="), ScriptLine.key(1.5, "n")]
            let kept = try GalleryProcess.run(
                script, arguments: ["--keep-zoom", ZoomEndToEndTests.photo], size: "1280x720")
            #expect(kept.status == 0, "\(kept.standardError)")
            let before = try #require(kept.records.last { $0.t < 1.5 })
            #expect(before.page == 4 && before.zoom > 1, "zoom \(before.zoom)")
            let after = try #require(kept.records.last)
            #expect(after.page == 5)
            #expect(abs(after.zoom - 1411.0 / 688) < 1e-3, "zoom \(after.zoom)")

            let plain = try GalleryProcess.run(script, arguments: [ZoomEndToEndTests.photo], size: "1280x720")
            #expect(plain.status == 0, "\(plain.standardError)")
            #expect(plain.records.last?.page == 5 && plain.records.last?.zoom == 1)
        }

        @Test("--help lists --keep-zoom, so the man page generated from it does too")
        func helpListsTheFlag() throws {
            let help = try GalleryProcess.capture(["--help"], stream: .standardOutput)
            #expect(help.status == 0)
            // Its own entry, not feh's --keep-zoom-vp named in it.
            let entry = help.text.split(separator: "\n").first { $0.hasPrefix("  --keep-zoom ") }
            #expect(entry?.contains("Keep the zoom over page turns") == true, "\(help.text)")
        }
    }
}
