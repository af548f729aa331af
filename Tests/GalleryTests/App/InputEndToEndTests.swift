import GalleryCore
import PagerEngine
import Testing

/// Input the README promises, run headless as a process: quick clicks, typed counts.
extension SDLSerializedTests {
    @Suite("Input end to end")
    struct InputEndToEndTests {
        /// The bundled photos' folder: 12 photos, in end caps.
        static let folder = BundledPhotos.directory.path

        @Test("Four clicks on the right third turn four pages however quick", arguments: [0.15, 0.2, 0.3])
        func quickSideClicks(gap: Double) throws {
            let clicks = (0..<4).flatMap { index in
                let t = 0.5 + Double(index) * gap
                return [ScriptLine.down(t, 1100, 300), ScriptLine.up(t + 0.03, 1100, 300)]
            }
            let run = try GalleryProcess.run(clicks + [ScriptLine.quit(3)], arguments: [Self.folder], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.last?.page == 4)
        }

        @Test("1 1 4 G never shows another mode and stops on the last photo; G alone goes last, g first")
        func typedCount() throws {
            let keys = [
                ScriptLine.key(0.3, "1"), ScriptLine.key(0.5, "1"), ScriptLine.key(0.7, "4"), ScriptLine.key(0.9, "G"),
                ScriptLine.key(2.0, "g"), ScriptLine.key(3.0, "G"), ScriptLine.quit(4),
            ]
            let run = try GalleryProcess.run(keys, arguments: [Self.folder], size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.allSatisfy { $0.mode == .endCaps })
            #expect(run.records.last { $0.t < 2 }?.page == 11)
            #expect(run.records.last { $0.t < 3 }?.page == 0)
            #expect(run.records.last?.page == 11)
        }

        @Test("A mode key switches at once; a digit is only ever a count, in the wheel too")
        func modeKeysActAtOnce() throws {
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.3, "F6"), ScriptLine.key(1.0, "5"), ScriptLine.key(1.1, "Return"),
                    ScriptLine.key(2.0, "F7"), ScriptLine.key(3.0, "1"), ScriptLine.quit(5),
                ],
                arguments: [Self.folder],
                size: "1280x720")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.first { $0.t >= 0.3 }?.mode == .wheel)
            // 5 Enter is photo 5, in the wheel (its row), never a mode.
            #expect(run.records.last { $0.t < 2 }?.mode == .wheel)
            #expect(run.records.last { $0.t < 2 }?.page == 4)
            #expect(run.records.first { $0.t >= 2.0 }?.mode == .grid)
            // A lone digit, never followed by a count key, is forgotten: the grid stays.
            #expect(run.records.last?.mode == .grid)
        }
    }
}

extension SDLSerializedTests.InputEndToEndTests {
    @Test(
        "A fast touchpad swipe (25 deltas) turns one page, fractional or whole deltas", arguments: [5.7, 6.0])
    func touchpadSwipe(dx: Double) throws {
        let deltas = (0..<25).map { #"{"t":\#(0.5 + Double($0) / 100),"type":"wheel","dx":\#(dx),"dy":0}"# }
        let run = try GalleryProcess.run(
            deltas + [ScriptLine.quit(2.5)], arguments: ["--mode", "bounded", Self.folder], size: "1280x720")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.records.allSatisfy { abs($0.position) <= 1 + 1e-9 })
        #expect(run.records.last?.page == 1)
    }
}
