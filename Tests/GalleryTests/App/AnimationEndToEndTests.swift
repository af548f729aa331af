import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryScene
import GalleryTesting
import Imaging
import Testing

/// An animated GIF run headless: its frames change on time in the trace (virtual clock) and in shots, only while it
/// is the photo on screen; Ctrl+Space pauses it and Ctrl+N steps it. Run in this process with inline decoding: the
/// `gallery` executable decodes in decoder processes, which give an animation's first frame only until animation
/// crosses the process boundary.
extension SDLSerializedTests {
    @Suite("Animation end to end")
    struct AnimationEndToEndTests {
        /// Red, blue, green and yellow frames of 64 × 48, 100 ms each, forever.
        static let colours = [
            RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 0, b: 255), RGBA(r: 0, g: 255, b: 0), RGBA(r: 255, g: 255, b: 0),
        ]

        /// `script` run headless at 320 × 240 over `paths`, decoding inline: the trace's records and the shots' folder
        /// (both in `output`, never the photos' folder, which the output policy refuses).
        @MainActor
        static func run(_ script: [String], paths: [String], in output: TemporaryDirectory) throws -> (
            records: [TraceRecord], shots: String
        ) {
            _ = try SDLTestSession.start()
            let trace = output.path("trace.jsonl")
            let shots = output.path("shots")
            var run = HeadlessRun(
                size: try ViewportSize(width: 320, height: 240),
                script: try Script.parse(script.joined(separator: "\n")),
                tracePath: trace, shotsDirectory: shots)
            run.inlineDecoding = InlineDecoders.decoding
            _ = try run.runFrames(library: PageLibrary(photos: try PhotoIndex(paths: paths)), mode: .endCaps)
            return (try TraceReader.records(inFile: trace), shots)
        }

        static func writeGIF(in folder: TemporaryDirectory) throws -> String {
            let frames = (0..<4).map { GIFFixture.Frame(width: 64, height: 48, fill: UInt8($0), delay: 10) }
            let palette = colours.map { ($0.r, $0.g, $0.b) }
            return try folder.write(
                GIFFixture.bytes(width: 64, height: 48, palette: palette, frames: frames), to: "a-animated.gif")
        }

        @Test("Frames change every 100 ms while the GIF is on screen, shots show them, and stop once paged away")
        @MainActor
        func framesOnTimeThenStop() throws {
            let folder = try TemporaryDirectory()
            let gif = try Self.writeGIF(in: folder)
            let script = [ScriptLine.shot(0.45, "mid.png"), ScriptLine.key(1.0, "Right"), ScriptLine.quit(2.5)]
            let output = try TemporaryDirectory()
            let run = try Self.run(script, paths: [gif, BundledPhotos.paths[0]], in: output)
            let playing = run.records.filter { $0.t < 1.0 }
            let start = try #require(playing.first { $0.animationFrame != nil }).t
            #expect(start < 0.1)
            for record in playing where record.t >= start {
                // The frame at t: a new one each 100 ms after the start, round and round.
                let expected = Int(((record.t - start) / 0.1 + 1e-6).rounded(.down)) % 4
                #expect(record.animationFrame == expected, "t \(record.t)")
            }
            // Paged away: no frame, no more changes.
            let away = run.records.filter { $0.page == 1 }
            #expect(!away.isEmpty && away.allSatisfy { $0.animationFrame == nil })
            // The shot mid-animation shows the frame the trace names at that time.
            let frame = try #require(run.records.last { $0.t <= 0.45 }?.animationFrame)
            let shot = try withExtendedLifetime(output) { try HeadlessEndToEndTests.load(run.shots + "/mid.png") }
            #expect(shot.pixel(x: 160, y: 120) == Self.colours[frame])
        }

        @Test("For 10 s every frame is in the texture at the display frame it falls due: none is late")
        @MainActor
        func noFrameLate() throws {
            let folder = try TemporaryDirectory()
            // Twelve frames of 30 ms, each a different stripe position, forever.
            let frames = (0..<12).map { frame in
                GIFFixture.Frame(
                    width: 160, height: 120,
                    indices: (0..<(160 * 120)).map { UInt8((($0 % 160 + frame * 13) / 40) % 4) }, delay: 3)
            }
            let palette = Self.colours.map { ($0.r, $0.g, $0.b) }
            let gif = try folder.write(
                GIFFixture.bytes(width: 160, height: 120, palette: palette, frames: frames), to: "stripes.gif")
            let run = try Self.run([ScriptLine.quit(10)], paths: [gif], in: try TemporaryDirectory())
            let playing = run.records.filter { $0.animationFrame != nil }
            #expect(playing.count >= 300 && (playing.last?.t ?? 0) > 9.9)
            let late = playing.filter { $0.animationShown != $0.animationFrame }
            #expect(late.isEmpty, "late at \(late.prefix(5).map { "t \($0.t): \($0.animationShown ?? -1)" })")
            // Every frame of the twelve was shown, round and round.
            #expect(Set(playing.compactMap(\.animationShown)).count == 12)
        }

        @Test("Ctrl+Space holds the frame; Ctrl+N steps one on and stays paused")
        @MainActor
        func pauseAndStep() throws {
            let folder = try TemporaryDirectory()
            let gif = try Self.writeGIF(in: folder)
            let script = [ScriptLine.key(0.52, "Ctrl+Space"), ScriptLine.key(1.0, "Ctrl+N"), ScriptLine.quit(1.5)]
            let run = try Self.run(script, paths: [gif], in: try TemporaryDirectory())
            let paused = try #require(run.records.last { $0.t <= 0.52 }?.animationFrame)
            let held = run.records.filter { $0.t > 0.52 && $0.t < 1.0 }
            #expect(!held.isEmpty && held.allSatisfy { $0.animationFrame == paused })
            let stepped = run.records.filter { $0.t >= 1.0 }
            #expect(!stepped.isEmpty && stepped.allSatisfy { $0.animationFrame == (paused + 1) % 4 })
        }
    }
}
