import DecoderProcess
import Foundation
import GalleryTesting
import Glibc
import Support
import Testing

@testable import Gallery
@testable import ImageLoader
@testable import Imaging

extension SDLSerializedTests {
    /// A decoder process at rest gives back the working memory of the decodes it made (libjpeg's pools, row buffers),
    /// rather than keeping it in its heap until it ends.
    @Suite struct DecoderRestMemoryTests {
        typealias Pool = DecoderPoolTests

        init() throws {
            _ = try SDLTestSession.start()
        }

        @Test func aDecoderAtRestKeepsNoDecodesWorkingMemory() throws {
            let folder = try TemporaryDirectory()
            let small = try Pool.photos(1, in: folder)[0]
            let large = try folder.write(JPEGFixture.noisy(width: 1920, height: 1280), to: "large.jpg")
            let pool = Pool.pool()
            defer { pool.shutdown() }
            // The process started, its libraries loaded: what it holds before any large decode.
            _ = try Pool.decode(small, pool: pool).get()
            let started = try Self.anonymousKilobytes(of: pool)
            let request = DecodeRequest(
                photo: PhotoID(1), source: .file(path: large), box: PixelSize(width: 1280, height: 720), generation: 0)
            for _ in 0..<3 { _ = try ProcessDecoding.decode(request, pool: pool) }
            // The heap is given back after the reply is sent: waited for, a while.
            var atRest = try Self.anonymousKilobytes(of: pool)
            let deadline = MonotonicClock.seconds() + 2
            while atRest - started >= 1024, MonotonicClock.seconds() < deadline {
                usleep(10_000)
                atRest = try Self.anonymousKilobytes(of: pool)
            }
            // Measured: 5.4 MB more when the heap kept it, a few pages more once it is given back.
            #expect(atRest - started < 1024, "started with \(started) kB, at rest \(atRest) kB")
        }

        /// The private memory (`RssAnon`) of the pool's one idle process, in kilobytes.
        static func anonymousKilobytes(of pool: DecoderPool) throws -> Int {
            let pids = pool.idleProcessIDs
            try #require(pids.count == 1)
            let line = try #require(try Pool.proc(pids[0], "status", "RssAnon:").first)
            return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        }
    }
}
