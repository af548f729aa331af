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

        /// Case: a record's words (little-endian 32-bit), and whether the viewer takes it.
        struct Record: Sendable, CustomTestStringConvertible {
            var words: [Int]
            var taken: Bool
            var testDescription: String { "\(words.prefix(6))… \(taken ? "taken" : "refused")" }
        }

        @Test(
            "A decoder's clock record is taken only whole and in range",
            arguments: [
                Record(words: [16, 12, 0, 2, 100, 100], taken: true),
                Record(words: [16, 12, 0, 2, 100], taken: false),
                Record(words: [16, 12, 0, 1, 100], taken: false),
                Record(words: [0, 12, 0, 2, 100, 100], taken: false),
                Record(words: [16, 1 << 21, 0, 2, 100, 100], taken: false),
                Record(words: [16, 12, 0, 100_001] + Array(repeating: 1, count: 100_001), taken: false),
                Record(words: [16, 12, 0, 3, 0, 0, 0], taken: true),
            ])
        func clockRecord(_ record: Record) {
            let bytes = record.words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
            let decoded = AnimationClockRecord.decoded(bytes)
            #expect((decoded != nil) == record.taken)
            // A delay of 0 (a bomb's) shows for 100 ms.
            if let decoded, record.words[4] == 0 { #expect(decoded.clock.delays == [0.1, 0.1, 0.1]) }
        }

        @Test("A scan's clock crosses as a record and back")
        func recordRoundTrip() throws {
            let bytes = AnimationClockRecord.encoded(
                size: PixelSize(width: 640, height: 480), loopCount: 3, delays: [0.04, 0.5])
            let decoded = try #require(AnimationClockRecord.decoded(bytes))
            #expect(decoded.size == PixelSize(width: 640, height: 480))
            #expect(decoded.clock == AnimationClock(delays: [0.04, 0.5], loopCount: 3))
        }
    }
}
