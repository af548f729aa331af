import Foundation
import Gallery
import GalleryTesting
import Glibc
import Imaging
import PagerEngine
import Testing

extension SDLSerializedTests {
    @Suite("Many path arguments")
    struct ManyArgumentsEndToEndTests {
        @Test("20,000 photos named on the command line (a shell glob) all open, in seconds rather than minutes")
        func manyPaths() throws {
            let folder = try TemporaryDirectory()
            let photo = folder.path("photo.jpg")
            try Data(JPEGFixture.rgb(width: 16, height: 12) { _, _ in RGBA(r: 200, g: 40, b: 40) })
                .write(to: URL(fileURLWithPath: photo))
            let paths = (0..<20_000).map { folder.path("p\($0).jpg") }
            for path in paths { #expect(link(photo, path) == 0) }
            let start = Date()
            // Options among and after the paths still count.
            let run = try GalleryProcess.run(
                [ScriptLine.quit(0.1)],
                arguments: ["--no-thumbnail-cache"] + paths[..<10_000] + ["--mode", "wheel"] + paths[10_000...])
            let seconds = Date().timeIntervalSince(start)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.first?.pages == paths.count)
            #expect(run.records.first?.mode == .wheel)
            // Quadratic parsing took 14 s for 20,000 names on an idle machine; linear takes a fraction of one.
            #expect(seconds < 6, "\(seconds) s to start with \(paths.count) paths")
        }
    }
}
