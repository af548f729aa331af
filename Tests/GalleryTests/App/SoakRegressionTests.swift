import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryScene
import GalleryTesting
import Imaging
import PagerEngine
import Testing

/// What the soak found, each shrunk to a few script lines and run headless in-process in every mode.
extension SDLSerializedTests {
    @Suite("Soak findings")
    @MainActor struct SoakRegressionTests {
        /// Runs `lines` over 12 generated pages in `mode` and returns the trace.
        static func trace(of lines: [String], mode: GalleryMode) throws -> [TraceRecord] {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let path = folder.path("trace.jsonl")
            let script = try Script.parse(lines.joined(separator: "\n"))
            var run = HeadlessRun(
                size: try ViewportSize(width: 320, height: 240), script: script, tracePath: path, shotsDirectory: nil)
            run.inlineDecoding = InlineDecoders.decoding
            _ = try run.runFrames(library: PageLibrary(syntheticCount: 12), mode: mode)
            return try TraceReader.records(inFile: path)
        }

        /// Soak seed 5: a resize during a touchpad stream replaced the scroll whose virtual fingers were down, so no
        /// release ever came and the pager stayed dragging until the run's settle limit (in a window, until the next
        /// pointer input). The stream now lifts its fingers before the resize.
        @Test("a resize during a touchpad stream ends its drag", arguments: GalleryMode.allCases)
        func touchpadThenResize(mode: GalleryMode) throws {
            let records = try Self.trace(
                of: [
                    #"{"t":0.3,"type":"wheel","dx":-0.38,"dy":-0.12}"#,
                    #"{"t":0.31,"type":"wheel","dx":-0.38,"dy":-0.12}"#,
                    #"{"t":0.32,"type":"resize","w":231,"h":31}"#,
                ], mode: mode)
            let last = try #require(records.last)
            #expect(last.phase == "idle")
            #expect(last.t < 2, "settled at t = \(last.t)")
            #expect(
                TraceInvariants.violations(in: records, pageCount: 12, textureByteBudget: ImageOptions().cacheBytes)
                    .isEmpty)
        }
    }
}
