import Foundation
import GalleryCore
import GalleryTesting
import ImageLoader
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Animated WebPs made now by ImageMagick (lossless, so pixels are exact): their frames composited by libwebp with
    /// their durations, the first frame where only a still is wanted (SDL_image cannot decode them at all), and frames
    /// changing on time in a headless run.
    @Suite struct WebPAnimationTests {
        static let red = RGBA(r: 255, g: 0, b: 0)
        static let blue = RGBA(r: 0, g: 0, b: 255)
        static let lime = RGBA(r: 0, g: 255, b: 0)

        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// Red, blue and lime frames of 16 × 12, 100 ms each; then red with a blue 8 × 6 frame at (4, 2) over it.
        func write() throws -> (full: String, partial: String) {
            let full = folder.path("full.webp")
            let partial = folder.path("partial.webp")
            try #require(
                EncodedFixture.run([
                    "convert", "-delay", "10", "-loop", "0", "-size", "16x12", "xc:red", "xc:blue", "xc:lime",
                    "-define", "webp:lossless=true", full,
                ]), "ImageMagick's convert is missing or failed (`make deps` installs it)")
            try #require(
                EncodedFixture.run([
                    "convert", "-delay", "20", "-size", "16x12", "xc:red", "(", "-size", "8x6", "xc:blue", "-set",
                    "page", "+4+2", ")", "-define", "webp:lossless=true", partial,
                ]))
            return (full, partial)
        }

        func decode(_ path: String, animated: Bool = true) throws -> DecodedPicture {
            try ImageDecoder().decode(
                .file(path: path), fitting: PixelSize(width: 16, height: 12), region: nil, animated: animated)
        }

        @Test("Frames come composited by libwebp with their durations; the scan counts them first")
        func framesAndComposition() throws {
            let (full, partial) = try write()
            let scan = try #require(WebPScan(bytes: try Data(contentsOf: URL(fileURLWithPath: full))))
            #expect(scan.isAnimated && scan.frameCount == 3 && scan.delays == [0.1, 0.1, 0.1] && scan.loopCount == 0)
            #expect(scan.width == 16 && scan.height == 12 && !scan.isTruncated)
            let animation = try #require(try decode(full).animation)
            #expect(animation.clock == AnimationClock(delays: [0.1, 0.1, 0.1], loopCount: 0))
            #expect(try animation.everyFrame().map { $0.rgba(x: 8, y: 6) } == [Self.red, Self.blue, Self.lime])
            let frames = try #require(try decode(partial).animation).everyFrame()
            #expect(frames[1].rgba(x: 0, y: 0) == Self.red && frames[1].rgba(x: 5, y: 4) == Self.blue)
            #expect(frames[1].rgba(x: 15, y: 11) == Self.red)
        }

        @Test("A thumbnail, or a canvas over the budget: the first frame (SDL_image alone could not decode it)")
        func firstFrame() throws {
            let (full, _) = try write()
            let still = try decode(full, animated: false)
            #expect(still.animation == nil && still.pixel(x: 8, y: 6) == Self.red)
            let refused = try ImageDecoder(budget: DecodeBudget(totalBytes: 3000)).decode(
                .file(path: full), fitting: PixelSize(width: 16, height: 12), region: nil, animated: true)
            #expect(refused.animation == nil && refused.pixel(x: 8, y: 6) == Self.red)
            #expect(refused.animationNote?.hasPrefix("first frame only: a canvas of 16×12 px") == true)
        }

        /// Decoded inline in this process: the `gallery` executable's decoder processes give the first frame only
        /// until animation crosses the process boundary.
        @Test("In a headless run the WebP's frames change every 100 ms")
        @MainActor
        func headlessFrames() throws {
            let (full, _) = try write()
            // The trace in a folder of its own: never where the photos are.
            let output = try TemporaryDirectory()
            let run = try AnimationEndToEndTests.run([ScriptLine.quit(0.6)], paths: [full], in: output)
            let start = try #require(run.records.first { $0.animationFrame != nil }).t
            for record in run.records where record.t >= start {
                #expect(record.animationFrame == Int(((record.t - start) / 0.1 + 1e-6).rounded(.down)) % 3)
            }
        }

        @Test("The chunk scan survives every truncation")
        func truncations() throws {
            let (full, _) = try write()
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: full)))
            for length in 0..<bytes.count {
                guard let scan = WebPScan(bytes: bytes.prefix(length)) else {
                    #expect(length < 12)
                    continue
                }
                #expect(scan.frameCount <= 3)
            }
        }
    }
}
