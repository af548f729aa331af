import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Testing

/// An animated GIF run headless as a process: its frames change on time in the trace (virtual clock) and in shots,
/// only while it is the photo on screen; Ctrl+Space pauses it and Ctrl+N steps it.
extension SDLSerializedTests {
    @Suite("Animation end to end")
    struct AnimationEndToEndTests {
        /// Red, blue, green and yellow frames of 64 × 48, 100 ms each, forever.
        static let colours = [
            RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 0, b: 255), RGBA(r: 0, g: 255, b: 0), RGBA(r: 255, g: 255, b: 0),
        ]

        static func writeGIF(in folder: TemporaryDirectory) throws -> String {
            let frames = (0..<4).map { GIFFixture.Frame(width: 64, height: 48, fill: UInt8($0), delay: 10) }
            let palette = colours.map { ($0.r, $0.g, $0.b) }
            return try folder.write(
                GIFFixture.bytes(width: 64, height: 48, palette: palette, frames: frames), to: "a-animated.gif")
        }

        @Test("Frames change every 100 ms while the GIF is on screen, shots show them, and stop once paged away")
        func framesOnTimeThenStop() throws {
            let folder = try TemporaryDirectory()
            let gif = try Self.writeGIF(in: folder)
            let script = [ScriptLine.shot(0.45, "mid.png"), ScriptLine.key(1.0, "Right"), ScriptLine.quit(2.5)]
            let run = try GalleryProcess.run(script, arguments: [gif, BundledPhotos.paths[0]], size: "320x240")
            #expect(run.status == 0, "\(run.standardError)")
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
            let shot = try HeadlessEndToEndTests.load(run.shot("mid.png"))
            #expect(shot.pixel(x: 160, y: 120) == Self.colours[frame])
        }

        @Test("For 10 s every frame is in the texture at the display frame it falls due: none is late")
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
            let run = try GalleryProcess.run([ScriptLine.quit(10)], arguments: [gif], size: "320x240")
            #expect(run.status == 0, "\(run.standardError)")
            let playing = run.records.filter { $0.animationFrame != nil }
            #expect(playing.count >= 300 && (playing.last?.t ?? 0) > 9.9)
            let late = playing.filter { $0.animationShown != $0.animationFrame }
            #expect(late.isEmpty, "late at \(late.prefix(5).map { "t \($0.t): \($0.animationShown ?? -1)" })")
            // Every frame of the twelve was shown, round and round.
            #expect(Set(playing.compactMap(\.animationShown)).count == 12)
        }

        @Test("Ctrl+Space holds the frame; Ctrl+N steps one on and stays paused")
        func pauseAndStep() throws {
            let folder = try TemporaryDirectory()
            let gif = try Self.writeGIF(in: folder)
            let script = [ScriptLine.key(0.52, "Ctrl+Space"), ScriptLine.key(1.0, "Ctrl+N"), ScriptLine.quit(1.5)]
            let run = try GalleryProcess.run(script, arguments: [gif], size: "320x240")
            #expect(run.status == 0, "\(run.standardError)")
            let paused = try #require(run.records.last { $0.t <= 0.52 }?.animationFrame)
            let held = run.records.filter { $0.t > 0.52 && $0.t < 1.0 }
            #expect(!held.isEmpty && held.allSatisfy { $0.animationFrame == paused })
            let stepped = run.records.filter { $0.t >= 1.0 }
            #expect(!stepped.isEmpty && stepped.allSatisfy { $0.animationFrame == (paused + 1) % 4 })
        }
    }
}
