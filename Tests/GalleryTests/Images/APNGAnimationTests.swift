import Foundation
import GalleryCore
import GalleryTesting
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Animated PNGs: one made now by apngasm (which stores a changed frame as its changed rectangle only), and files
    /// put together here chunk by chunk for each dispose and blend operation. libpng and SDL_image give the default
    /// image only; the frames are composited by `APNGFrames`.
    @Suite struct APNGAnimationTests {
        static let red = RGBA(r: 255, g: 0, b: 0)
        static let blue = RGBA(r: 0, g: 0, b: 255)
        static let lime = RGBA(r: 0, g: 255, b: 0)
        static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// Red, blue, lime, then lime with a red 8 × 6 rectangle at (4, 2), 16 × 12, 100 ms each, three plays: by
        /// apngasm, from PNGs ImageMagick writes.
        func writeAssembled() throws -> String {
            let colours = ["red", "blue", "lime"]
            for (index, colour) in colours.enumerated() {
                try #require(
                    EncodedFixture.run(["convert", "-size", "16x12", "xc:\(colour)", folder.path("f\(index + 1).png")]),
                    "ImageMagick's convert is missing or failed (`make deps` installs it)")
            }
            try #require(
                EncodedFixture.run([
                    "convert", "-size", "16x12", "xc:lime", "-fill", "red", "-draw", "rectangle 4,2 11,7",
                    folder.path("f4.png"),
                ]))
            let output = folder.path("assembled.png")
            try #require(
                EncodedFixture.run(
                    ["apngasm", output] + (1...4).map { folder.path("f\($0).png") } + ["1", "10", "-l3"]),
                "apngasm is missing or failed (`make deps` installs it)")
            return output
        }

        func decode(_ path: String, animated: Bool = true, box: PixelSize = PixelSize(width: 16, height: 12)) throws
            -> DecodedPicture
        {
            try ImageDecoder().decode(.file(path: path), fitting: box, region: nil, animated: animated)
        }

        @Test("apngasm's frames, a changed rectangle among them, come composited with their delays and loop count")
        func assembledFrames() throws {
            let path = try writeAssembled()
            let scan = try #require(APNGScan(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
            #expect(scan.frameCount == 4 && scan.delays == [0.1, 0.1, 0.1, 0.1] && scan.loopCount == 3)
            #expect(scan.frames[3].width == 8 && scan.frames[3].x == 4, "apngasm stores the changed rectangle only")
            let animation = try #require(try decode(path).animation)
            #expect(animation.clock == AnimationClock(delays: [0.1, 0.1, 0.1, 0.1], loopCount: 3))
            let frames = try animation.everyFrame()
            #expect(frames.map { $0.rgba(x: 0, y: 0) } == [Self.red, Self.blue, Self.lime, Self.lime])
            #expect(frames[3].rgba(x: 5, y: 4) == Self.red && frames[3].rgba(x: 12, y: 4) == Self.lime)
            // Back to an earlier frame: the canvas starts again from the first.
            #expect(try animation.frame(1).get().rgba(x: 5, y: 4) == Self.blue)
        }

        @Test("A thumbnail, or a canvas over the budget: the default image")
        func stillWhereNoAnimation() throws {
            let path = try writeAssembled()
            let still = try decode(path, animated: false)
            #expect(still.animation == nil && still.pixel(x: 8, y: 6) == Self.red)
            let refused = try ImageDecoder(budget: DecodeBudget(totalBytes: 3000)).decode(
                .file(path: path), fitting: PixelSize(width: 16, height: 12), region: nil, animated: true)
            #expect(refused.animation == nil && refused.animationNote?.hasPrefix("first frame only") == true)
        }

        /// Case: the first frame's dispose, the second's blend and dispose, and the pixels expected.
        struct Operations: Sendable, CustomTestStringConvertible {
            var firstDispose: UInt8
            var blend: UInt8
            var secondDispose: UInt8
            /// Frame 2 at (0, 0), outside the second frame's rectangle: what the first frame's dispose left.
            var secondAtCorner: RGBA
            /// Frame 2 at (1, 1): the half-transparent blue replacing red, or over it.
            var secondInside: RGBA
            /// Frame 3 at (1, 1): what the second frame's dispose left.
            var thirdInside: RGBA
            var testDescription: String { "dispose \(firstDispose), blend \(blend), dispose \(secondDispose)" }
        }

        static let halfBlue = RGBA(r: 0, g: 0, b: 255, a: 128)
        static let blueOverRed = RGBA(r: 127, g: 0, b: 128)

        @Test(
            "Dispose and blend operations as the APNG specification says",
            arguments: [
                Operations(
                    firstDispose: 0, blend: 0, secondDispose: 0, secondAtCorner: red, secondInside: halfBlue,
                    thirdInside: halfBlue),
                Operations(
                    firstDispose: 0, blend: 1, secondDispose: 0, secondAtCorner: red, secondInside: blueOverRed,
                    thirdInside: blueOverRed),
                Operations(
                    firstDispose: 1, blend: 1, secondDispose: 0, secondAtCorner: clear, secondInside: halfBlue,
                    thirdInside: halfBlue),
                Operations(
                    firstDispose: 0, blend: 1, secondDispose: 1, secondAtCorner: red, secondInside: blueOverRed,
                    thirdInside: clear),
                Operations(
                    firstDispose: 0, blend: 1, secondDispose: 2, secondAtCorner: red, secondInside: blueOverRed,
                    thirdInside: red),
                // The first frame's "previous" is the cleared canvas.
                Operations(
                    firstDispose: 2, blend: 0, secondDispose: 0, secondAtCorner: clear, secondInside: halfBlue,
                    thirdInside: halfBlue),
            ])
        func operations(_ operations: Operations) throws {
            let frames = [
                APNGFixture.Frame(x: 0, y: 0, width: 4, height: 4, colour: Self.red, dispose: operations.firstDispose),
                APNGFixture.Frame(
                    x: 1, y: 1, width: 2, height: 2, colour: Self.halfBlue, dispose: operations.secondDispose,
                    blend: operations.blend),
                APNGFixture.Frame(x: 3, y: 3, width: 1, height: 1, colour: Self.lime),
            ]
            let path = try folder.write(try APNGFixture.bytes(width: 4, height: 4, frames: frames), to: "ops.png")
            let animation = try #require(try decode(path, box: PixelSize(width: 4, height: 4)).animation)
            let decoded = try animation.everyFrame()
            #expect(decoded[1].rgba(x: 0, y: 0) == operations.secondAtCorner)
            #expect(decoded[1].rgba(x: 1, y: 1) == operations.secondInside)
            #expect(decoded[2].rgba(x: 1, y: 1) == operations.thirdInside)
            #expect(decoded[2].rgba(x: 3, y: 3) == Self.lime)
        }

        @Test("A frame control breaking the specification makes a still; a delay of 0 shows for 100 ms")
        func hostileControls() throws {
            let outside = [
                APNGFixture.Frame(x: 0, y: 0, width: 4, height: 4, colour: Self.red),
                APNGFixture.Frame(x: 3, y: 3, width: 2, height: 2, colour: Self.blue),
            ]
            let bytes = try APNGFixture.bytes(width: 4, height: 4, frames: outside)
            #expect(APNGScan(bytes: bytes)?.isAnimated == false)
            let path = try folder.write(bytes, to: "outside.png")
            let still = try decode(path, box: PixelSize(width: 4, height: 4))
            #expect(still.animation == nil && still.pixel(x: 0, y: 0) == Self.red)
            let fast = (0..<2).map {
                APNGFixture.Frame(x: 0, y: 0, width: 4, height: 4, colour: $0 == 0 ? Self.red : Self.blue, delay: 0)
            }
            let scan = try #require(APNGScan(bytes: try APNGFixture.bytes(width: 4, height: 4, frames: fast)))
            #expect(AnimationClock(delays: scan.delays, loopCount: 0).delays == [0.1, 0.1])
        }

        @Test("The chunk walk survives every truncation")
        func truncations() throws {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try writeAssembled())))
            for length in 0..<bytes.count {
                guard let scan = APNGScan(bytes: Array(bytes.prefix(length))) else {
                    #expect(length < 33)
                    continue
                }
                #expect(scan.frameCount <= 4)
                for frame in scan.frames { #expect(frame.chunks.upperBound <= length) }
            }
        }

        @Test("In a headless run the APNG's frames change every 100 ms, and shots at two times differ")
        @MainActor
        func headlessFrames() throws {
            let path = try writeAssembled()
            let output = try TemporaryDirectory()
            let script = [ScriptLine.shot(0.05, "first.png"), ScriptLine.shot(0.25, "third.png"), ScriptLine.quit(0.6)]
            let run = try AnimationEndToEndTests.run(script, paths: [path], in: output)
            let start = try #require(run.records.first { $0.animationFrame != nil }).t
            for record in run.records where record.t >= start {
                #expect(record.animationFrame == Int(((record.t - start) / 0.1 + 1e-6).rounded(.down)) % 4)
            }
            let first = try HeadlessEndToEndTests.load(run.shots + "/first.png")
            let third = try HeadlessEndToEndTests.load(run.shots + "/third.png")
            let shown = try #require(run.records.last { $0.t <= 0.25 }?.animationFrame)
            #expect(first.pixel(x: 160, y: 120) == Self.red)
            #expect(third.pixel(x: 160, y: 120) == [Self.red, Self.blue, Self.lime, Self.lime][shown] && shown >= 2)
        }
    }
}
