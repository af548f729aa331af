import DecoderProcess
import Foundation
import GalleryCore
import GalleryTesting
import Glibc
import Support
import Testing

@testable import DecoderProcess
@testable import Gallery
@testable import ImageDecoders
@testable import Imaging
@testable import Support

extension SDLSerializedTests {
    /// AVIF image sequences made now by avifenc (lossless, so pixels are exact), of frames showing 100, 250 and 500 ms:
    /// libavif's frames with their own durations, turned by `irot`, inline and through decoder processes (whose decoder
    /// runs on one thread), and a damaged frame refused.
    @Suite struct AVIFAnimationTests {
        static let colours = [APNGAnimationTests.red, APNGAnimationTests.blue, APNGAnimationTests.lime]
        static let delays = [0.1, 0.25, 0.5]

        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// A 16 × 12 sequence of red, blue and lime; `rotation` adds an `irot` of that many quarter turns anticlockwise.
        func write(rotation: Int? = nil) throws -> String {
            var arguments = ["avifenc", "--lossless", "--speed", "10", "--timescale", "1000"]
            if let rotation { arguments += ["--irot", String(rotation)] }
            for (index, colour) in Self.colours.enumerated() {
                let frame = APNGFixture.Frame(x: 0, y: 0, width: 16, height: 12, colour: colour)
                let png = try folder.write(
                    try APNGFixture.bytes(width: 16, height: 12, frames: [frame]), to: "frame\(index).png")
                arguments += ["--duration", String(Int(Self.delays[index] * 1000)), png]
            }
            let output = folder.path("animated.avif")
            try #require(
                EncodedFixture.run(arguments + [output]),
                "avifenc is missing or failed (`make deps` installs libavif-bin)")
            return output
        }

        @Test("libavif's frames come with their own durations; an earlier frame goes back, a later one skips")
        func frames() throws {
            let path = try write()
            let animation = try #require(
                try ImageDecoder().decode(
                    .file(path: path), fitting: PixelSize(width: 16, height: 12), region: nil, animated: true
                ).animation)
            #expect(animation.clock.delays == Self.delays)
            #expect(try animation.everyFrame().map { $0.rgba(x: 3, y: 3) } == Self.colours)
            #expect(try animation.frame(2).get().rgba(x: 8, y: 6) == Self.colours[2])
            #expect(try animation.frame(0).get().rgba(x: 8, y: 6) == Self.colours[0])
            #expect(try animation.frame(2).get().rgba(x: 8, y: 6) == Self.colours[2])
            // Not animated: a thumbnail's or a zoom's decode is the still picture libheif shows.
            let still = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 16, height: 12))
            #expect(still.animation == nil && still.pixels.rgba(x: 3, y: 3) == Self.colours[0])
        }

        @Test("A sequence's irot turns every frame upright, as libheif turns its still")
        func turnedFrames() throws {
            let path = try write(rotation: 1)
            let picture = try ImageDecoder().decode(
                .file(path: path), fitting: PixelSize(width: 12, height: 16), region: nil, animated: true)
            let animation = try #require(picture.animation)
            let frames = try animation.everyFrame()
            #expect(frames.allSatisfy { $0.size == PixelSize(width: 12, height: 16) })
            #expect(frames.map { $0.rgba(x: 2, y: 2) } == Self.colours)
        }

        @Test("Through decoder processes: the clock from a decoder, the frames from a process on one thread")
        func processFrames() throws {
            let path = try write()
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            let request = DecodeRequest(
                photo: PhotoID(0), source: .file(path: path), box: PixelSize(width: 16, height: 12), generation: 0,
                purpose: .page)
            let picture = try ProcessDecoding.decode(request, pool: pool, budgetBytes: 512 << 20)
            #expect(picture.pixels.rgba(x: 3, y: 3) == Self.colours[0])
            let animation = try #require(picture.animation)
            #expect(animation.clock == AnimationClock(delays: Self.delays, loopCount: 0))
            #expect(
                try [0, 1, 2, 0].map { try animation.frame($0).get().rgba(x: 3, y: 3) } == Self.colours + [
                    Self.colours[0]
                ])
            // dav1d started no worker thread in the sandboxed processes that decoded frames (`maxThreads` 1).
            let processes = Array(ProcessAnimationSource.playingProcessIDs) + pool.idleProcessIDs
            #expect(processes.count >= 2)
            for process in processes {
                let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")
                #expect(threads.count == 1, "decoder \(process) runs \(threads.count) threads")
            }
        }

        @Test(
            "A damaged frame is refused with libavif's reason, inline and in a decoder process; the frames before play")
        func damagedFrame() throws {
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try write())))
            // The colour track's last sample (its offset from `stco`, its size from `stsz`), its middle bytes inverted.
            let last = try #require(bytes.withUnsafeBytes { Self.lastColourSample(in: $0) })
            for offset in last.lowerBound + 2..<min(last.lowerBound + 14, last.upperBound) { bytes[offset] ^= 0xFF }
            let path = try folder.write(bytes, to: "damaged.avif")
            let animation = try #require(
                try ImageDecoder().decode(
                    .file(path: path), fitting: PixelSize(width: 16, height: 12), region: nil, animated: true
                ).animation)
            #expect(try animation.frame(1).get().rgba(x: 3, y: 3) == Self.colours[1])
            #expect(Self.isLibavifRefusal(animation.frame(2)))
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            let request = DecodeRequest(
                photo: PhotoID(0), source: .file(path: path), box: PixelSize(width: 16, height: 12), generation: 0,
                purpose: .page)
            let played = try #require(try ProcessDecoding.decode(request, pool: pool, budgetBytes: 512 << 20).animation)
            #expect(try played.frame(1).get().rgba(x: 3, y: 3) == Self.colours[1])
            // Refused by the process with libavif's reason, not its death (`.decoderStopped`).
            #expect(Self.isLibavifRefusal(played.frame(2)))
        }

        @Test("A request naming libavif (the eighth library group) carries it to the decoder process")
        func librariesCrossTheWire() throws {
            var request = DecoderRequest(
                boxWidth: 16, boxHeight: 12, budgetBytes: 1, cpuSeconds: 2, fileExtension: "avif")
            request.libraries = [.heif, .avif]
            #expect(DecoderRequest(decoding: request.encoded)?.libraries == [.heif, .avif])
        }

        /// Whether `frame` failed as damage libavif named (the stream keeps that failure: no later frame plays).
        static func isLibavifRefusal(_ frame: Result<PixelBuffer, DecodeFailure.Reason>) -> Bool {
            guard case .failure(.corrupt(let format, let detail)) = frame else { return false }
            return format == "AVIF" && detail.hasPrefix("libavif could not decode the frame")
        }

        /// The byte range of the last sample of the first track's table (the colour track avifenc writes first).
        static func lastColourSample(in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
            func child(_ type: String, _ range: Range<Int>?) -> Range<Int>? {
                range.flatMap { AVIFTrackTiming.child(type, of: $0, in: bytes) }
            }
            let table = child("stbl", child("minf", child("mdia", child("trak", child("moov", 0..<bytes.count)))))
            guard let sizes = child("stsz", table), let offsets = child("stco", table) else { return nil }
            func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
            let count = word(sizes.lowerBound + 8)
            guard count > 0, word(sizes.lowerBound + 4) == 0, word(offsets.lowerBound + 4) == 1 else { return nil }
            // avifenc writes one chunk: the samples follow each other from its offset.
            let start =
                word(offsets.lowerBound + 8) + (0..<count - 1).reduce(0) { $0 + word(sizes.lowerBound + 12 + 4 * $1) }
            return start..<(start + word(sizes.lowerBound + 12 + 4 * (count - 1)))
        }
    }
}
