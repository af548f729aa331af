import Support
import Testing

@testable import Imaging

/// The ring between a frame source and the viewer: the frame decoded ahead is the one taken, a failure is final and
/// closes the source, and stopping lets the source go until playback asks again.
@Suite struct AnimationStreamTests {
    /// A source of 1×1 frames whose pixel is the frame's index, failing from `failing` on; counts what it did.
    final class CountingSource: AnimationFrameSource {
        let failing: Int
        let log: Log

        init(failing: Int, log: Log) {
            self.failing = failing
            self.log = log
            log.opened()
        }

        deinit { log.closed() }

        func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer {
            log.decoded(index)
            guard index < failing else { throw .corrupt(format: "test", detail: "frame \(index)") }
            do {
                let pixels = try PixelBuffer(width: 1, height: 1, format: .argb8888)
                pixels.row(0).storeBytes(of: UInt32(index), as: UInt32.self)
                return pixels
            } catch {
                throw .processingFailed(error.description)
            }
        }
    }

    /// What the sources of one stream did, from whichever thread.
    final class Log: @unchecked Sendable {
        private let state = LockedState((open: 0, opens: 0, decodes: [Int]()))
        func opened() {
            state.withLock {
                $0.open += 1; $0.opens += 1
            }
        }
        func closed() { state.withLock { $0.open -= 1 } }
        func decoded(_ index: Int) { state.withLock { $0.decodes.append(index) } }
        var open: Int { state.withLock { $0.open } }
        var opens: Int { state.withLock { $0.opens } }
        var decodes: [Int] { state.withLock { $0.decodes } }
    }

    static func stream(frames: Int = 6, failing: Int = .max, log: Log) -> AnimationStream {
        AnimationStream(
            clock: AnimationClock(delays: Array(repeating: 0.05, count: frames), loopCount: 0),
            size: PixelSize(width: 1, height: 1), byteCount: 8,
            open: { CountingSource(failing: failing, log: log) })
    }

    @Test("The frame decoded ahead is taken as it is; asking again gives the same frame without a decode")
    func takesTheFrameAhead() throws {
        let log = Log()
        let stream = Self.stream(log: log)
        stream.prepare(1)
        #expect(try stream.frame(1).get().pixel(x: 0, y: 0) == 1)
        #expect(try stream.frame(1).get().pixel(x: 0, y: 0) == 1)
        #expect(log.decodes == [1])
        stream.prepare(2)
        #expect(try stream.frame(2).get().pixel(x: 0, y: 0) == 2)
        #expect(log.decodes == [1, 2] && log.opens == 1)
    }

    @Test("A frame that fails stops the stream for good and closes its source; the frames before it stay taken")
    func failureIsFinal() throws {
        let log = Log()
        let stream = Self.stream(failing: 3, log: log)
        #expect(try stream.frame(2).get().pixel(x: 0, y: 0) == 2)
        stream.prepare(3)
        #expect(throws: DecodeFailure.Reason.self) { try stream.frame(3).get() }
        #expect(throws: DecodeFailure.Reason.self) { try stream.frame(4).get() }
        #expect(!stream.isOpen && log.open == 0 && log.opens == 1)
    }

    @Test("Stopping lets the source go; playing again opens it again")
    func stopReleases() throws {
        let log = Log()
        let stream = Self.stream(log: log)
        _ = try stream.frame(1).get()
        #expect(stream.isOpen && log.open == 1)
        stream.stop()
        #expect(!stream.isOpen && log.open == 0)
        _ = try stream.frame(2).get()
        #expect(log.opens == 2 && log.open == 1)
    }
}
