import GalleryCore
import Testing

/// Gestures as X11 delivers them, run headless as a process: unevenly timed drags and bursts of wheel notches.
extension SDLSerializedTests {
    @Suite("Gestures end to end")
    struct GestureEndToEndTests {
        /// The bundled photos' folder: 12 photos.
        static let folder = BundledPhotos.directory.path

        @Test("A fast 850 px drag whose second move came 29 ms after the first turns the page")
        func unevenlyTimedFling() throws {
            let drag = [
                ScriptLine.down(0.5, 1100, 360), ScriptLine.move(0.501, 930, 360), ScriptLine.move(0.530, 250, 360),
                ScriptLine.up(0.531, 250, 360), ScriptLine.quit(2),
            ]
            let run = try GalleryProcess.run(drag, arguments: ["--mode", "bounded", Self.folder], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            #expect((run.records.first { $0.t > 0.531 }?.velocity ?? 0) > 0, "released toward the next page")
            #expect(run.records.last?.page == 1)
        }

        @Test(
            "Sideways notches: a burst 16 ms apart turns one page, notches 0.3 s apart one each",
            arguments: [(interval: 0.016, pages: 1), (interval: 0.3, pages: 4)])
        func sidewaysNotches(interval: Double, pages: Int) throws {
            let notches = (0..<4).map { #"{"t":\#(0.5 + Double($0) * interval),"type":"wheel","dx":1,"dy":0}"# }
            let run = try GalleryProcess.run(
                notches + [ScriptLine.quit(3)], arguments: ["--mode", "bounded", Self.folder], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.last?.page == pages)
        }

        @Test("A touchpad's fingers (Wayland's story) move the strip 1:1, hold it while they rest, spring back on lift")
        func fingersRestAndLift() throws {
            let scroll = (0..<12).map {
                #"{"t":\#(0.5 + Double($0) * 0.008),"type":"touchpad","gesture":"scroll","dx":-10,"dy":0}"#
            }
            let lift = #"{"t":1.2,"type":"touchpad","gesture":"lift"}"#
            let run = try GalleryProcess.run(
                scroll + [lift, ScriptLine.quit(3)], arguments: ["--mode", "bounded", Self.folder], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            // Nothing moves while the fingers rest, so no frame is drawn: the last one before the lift shows them.
            let resting = try #require(run.records.last { $0.t < 1.2 })
            #expect(resting.t < 0.7 && resting.phase == "dragging" && resting.offsetPixels == 116)
            #expect(run.records.last?.page == 0 && run.records.last?.offsetPixels == 0, "sprang back")
        }
    }
}
