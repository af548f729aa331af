import DecoderProcess
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Glibc
import Support
import Testing

@testable import DecoderProcess
@testable import Imaging

extension SDLSerializedTests {
    /// Animations decoded through decoder processes: the wire's frame requests, frames played by a process of the
    /// stream's own, and that process's death.
    @Suite struct ProcessAnimationTests {
        static func writeGIF(in folder: TemporaryDirectory) throws -> String {
            let frames = (0..<4).map { GIFFixture.Frame(width: 64, height: 48, fill: UInt8($0), delay: 10) }
            let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
            return try folder.write(
                GIFFixture.bytes(width: 64, height: 48, palette: palette, frames: frames), to: "a-animated.gif")
        }

        static func stream(_ path: String, pool: DecoderPool) throws -> AnimationStream {
            let request = DecodeRequest(
                photo: PhotoID(0), source: .file(path: path), box: PixelSize(width: 64, height: 48), generation: 0,
                purpose: .page)
            let picture = try ProcessDecoding.decode(request, pool: pool, budgetBytes: 512 << 20)
            return try #require(picture.animation)
        }

        @Test("An animation frame request's flag and index cross the wire")
        func frameRequestRoundTrip() throws {
            var request = DecoderRequest(
                boxWidth: 320, boxHeight: 240, animated: true, budgetBytes: 1, cpuSeconds: 2, fileExtension: "gif")
            request.animationFrame = true
            request.frameIndex = 37
            let decoded = try #require(DecoderRequest(decoding: request.encoded))
            #expect(decoded == request)
            #expect(decoded.animationFrame && decoded.frameIndex == 37 && decoded.boxWidth == 320)
        }

        @Test("A GIF decoded by a process plays at least two distinct frames from a process of its own")
        func processPlaysFrames() throws {
            let folder = try TemporaryDirectory()
            let pool = DecoderPoolTests.pool()
            let stream = try Self.stream(try Self.writeGIF(in: folder), pool: pool)
            #expect(stream.clock.frameCount == 4)
            let first = try stream.frame(0).get()
            let second = try stream.frame(1).get()
            let pixel = { (buffer: PixelBuffer) in buffer.row(10).load(fromByteOffset: 40, as: UInt32.self) }
            #expect(pixel(first) != pixel(second))
            #expect(ProcessAnimationSource.playingProcessIDs.count == 1)
        }

        @Test("An APNG decoded by a process plays its composited frames from a process of its own")
        func processPlaysAPNG() throws {
            let folder = try TemporaryDirectory()
            let pool = DecoderPoolTests.pool()
            let colours = [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 0, b: 255), RGBA(r: 0, g: 255, b: 0)]
            // The second frame a rectangle over the first: the third shows it disposed to the background.
            let frames = [
                APNGFixture.Frame(x: 0, y: 0, width: 64, height: 48, colour: colours[0]),
                APNGFixture.Frame(x: 16, y: 12, width: 32, height: 24, colour: colours[1], dispose: 1),
                APNGFixture.Frame(x: 0, y: 0, width: 8, height: 8, colour: colours[2]),
            ]
            let path = try folder.write(
                try APNGFixture.bytes(width: 64, height: 48, frames: frames), to: "a-animated.png")
            let stream = try Self.stream(path, pool: pool)
            #expect(stream.clock.frameCount == 3 && stream.clock.delays == [0.1, 0.1, 0.1])
            let decoded = try (0..<3).map { try stream.frame($0).get() }
            #expect(decoded.map { $0.rgba(x: 32, y: 24) } == [colours[0], colours[1], RGBA(r: 0, g: 0, b: 0, a: 0)])
            #expect(decoded[2].rgba(x: 2, y: 2) == colours[2] && decoded[2].rgba(x: 60, y: 2) == colours[0])
            #expect(ProcessAnimationSource.playingProcessIDs.count == 1)
        }

        @Test("An APNG whose frames SDL_image decodes (a gAMA chunk) plays from a process that loaded it")
        func processPlaysAPNGThroughSDLImage() throws {
            let folder = try TemporaryDirectory()
            let frames = [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 0, b: 255)].map {
                APNGFixture.Frame(x: 0, y: 0, width: 64, height: 48, colour: $0)
            }
            let path = try folder.write(
                try APNGFixture.bytes(width: 64, height: 48, frames: frames, gamma: 45_455), to: "gamma.png")
            let stream = try Self.stream(path, pool: DecoderPoolTests.pool())
            let decoded = try (0..<2).map { try stream.frame($0).get().rgba(x: 32, y: 24) }
            #expect(decoded[0].r > 200 && decoded[0].b < 50 && decoded[1].b > 200 && decoded[1].r < 50)
        }

        @Test("Killing the animation's process mid-play fails the next frame; the last frame stays")
        func killedProcess() throws {
            let folder = try TemporaryDirectory()
            let pool = DecoderPoolTests.pool()
            let stream = try Self.stream(try Self.writeGIF(in: folder), pool: pool)
            _ = try stream.frame(0).get()
            let shown = try stream.frame(1).get()
            let pid = try #require(ProcessAnimationSource.playingProcessIDs.first)
            kill(pid, SIGKILL)
            #expect(throws: DecodeFailure.Reason.self) { try stream.frame(2).get() }
            #expect(shown.width == 64)
            // The pool still decodes.
            _ = try Self.stream(try Self.writeGIF(in: folder), pool: pool)
        }
    }
}
