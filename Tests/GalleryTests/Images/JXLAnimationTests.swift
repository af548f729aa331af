import DecoderProcess
import Foundation
import GalleryCore
import GalleryTesting
import Support
import Testing

@testable import DecoderProcess
@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Animated JPEG XLs made now by cjxl from an APNG (lossless, so pixels are exact): libjxl's
    /// frames, composited by libjxl, with their durations; inline and through decoder processes, where the viewer gets
    /// the clock from a decoder (it parses no JPEG XL).
    @Suite struct JXLAnimationTests {
        static let colours = [APNGAnimationTests.red, APNGAnimationTests.blue, APNGAnimationTests.lime]

        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// Red, blue, lime, then lime with a red 8 × 8 square at (4, 2) drawn over it by the APNG's blending: 16 × 12,
        /// 100 ms each (whole frames: cjxl 0.7 reads an APNG's frames without their blend and dispose operations, and
        /// djxl shows its file so).
        func write() throws -> String {
            let frames =
                Self.colours.map { APNGFixture.Frame(x: 0, y: 0, width: 16, height: 12, colour: $0) } + [
                    APNGFixture.Frame(x: 0, y: 0, width: 16, height: 12, colour: Self.colours[2])
                ]
            let apng = try folder.write(try APNGFixture.bytes(width: 16, height: 12, frames: frames), to: "frames.png")
            let output = folder.path("animated.jxl")
            try #require(
                EncodedFixture.run(["cjxl", apng, output, "-d", "0", "-e", "3"]),
                "cjxl is missing or failed (`make deps` installs libjxl-tools)")
            return output
        }

        @Test("libjxl's frames come composited with their durations; an earlier frame rewinds")
        func frames() throws {
            let path = try write()
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let scan = try #require(bytes.withUnsafeBytes { JXLAnimationScan(bytes: $0) })
            #expect(scan.frameCount == 4 && scan.delays == [0.1, 0.1, 0.1, 0.1] && scan.size.width == 16)
            let animation = try #require(
                try ImageDecoder().decode(
                    .file(path: path), fitting: PixelSize(width: 16, height: 12), region: nil, animated: true
                ).animation)
            #expect(animation.clock.delays == [0.1, 0.1, 0.1, 0.1])
            let decoded = try animation.everyFrame()
            #expect(decoded.map { $0.rgba(x: 0, y: 0) } == Self.colours + [Self.colours[2]])
            // An earlier frame rewinds libjxl; a later one skips the frames between.
            #expect(try animation.frame(1).get().rgba(x: 5, y: 4) == Self.colours[1])
            #expect(try animation.frame(3).get().rgba(x: 5, y: 4) == Self.colours[2])
            #expect(try animation.frame(0).get().rgba(x: 5, y: 4) == Self.colours[0])
        }

        @Test("Through decoder processes: the clock from a decoder, the frames from a process of the stream's own")
        func processFrames() throws {
            let path = try write()
            let request = DecodeRequest(
                photo: PhotoID(0), source: .file(path: path), box: PixelSize(width: 16, height: 12), generation: 0,
                purpose: .page)
            let picture = try ProcessDecoding.decode(request, pool: DecoderPoolTests.pool(), budgetBytes: 512 << 20)
            let animation = try #require(picture.animation)
            #expect(
                animation.clock == AnimationClock(delays: [0.1, 0.1, 0.1, 0.1], loopCount: animation.clock.loopCount))
            #expect(try (0..<3).map { try animation.frame($0).get().rgba(x: 0, y: 0) } == Self.colours)
        }

        @Test("A scan's clock crosses as a record and back")
        func recordRoundTrip() throws {
            let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: write())))
            let scan = try #require(file.withUnsafeBytes { JXLAnimationScan(bytes: $0) })
            let bytes = AnimationRecord.encoded(
                width: scan.size.width, height: scan.size.height, delays: scan.delays, loopCount: scan.loopCount)
            let decoded = try #require(AnimationRecord.decoded(bytes) ?? nil)
            #expect(decoded.canvas == scan.size)
            #expect(
                AnimationClock(delays: decoded.delays, loopCount: decoded.loopCount)
                    == AnimationClock(delays: scan.delays, loopCount: scan.loopCount))
        }
    }
}
