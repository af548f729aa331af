import DecoderProcess
import Foundation
import GalleryTesting
import Glibc
import Support
import Testing

@testable import Gallery
@testable import ImageLoader

extension SDLSerializedTests {
    /// When the decoder pool starts another process: a burst of quick decodes shares the process there is, a decode
    /// held up behind a slow one gets a process of its own once the growth wait has passed.
    @Suite struct DecoderPoolGrowthTests {
        typealias Pool = DecoderPoolTests

        init() throws {
            _ = try SDLTestSession.start()
        }

        static func pool(processCount: Int, growthWait: Double, deadline: Double = 10) -> DecoderPool {
            var configuration = DecoderPool.Configuration(
                executable: DecoderPool.besideViewer(), processCount: processCount, deadlineSeconds: deadline,
                cpuSeconds: 30)
            configuration.initialCount = 1
            configuration.growthWaitSeconds = growthWait
            configuration.testRequests = true
            return DecoderPool(configuration)
        }

        @Test(arguments: [2, 4])
        func aBurstOfQuickDecodesSharesTheProcessThereIs(requests: Int) throws {
            let folder = try TemporaryDirectory()
            let paths = try Pool.photos(requests, in: folder)
            let pool = Self.pool(processCount: requests, growthWait: 5)
            defer { pool.shutdown() }
            let failures = LockedState(0)
            DispatchQueue.concurrentPerform(iterations: requests) { index in
                if case .failure = Pool.decode(paths[index], pool: pool) { failures.withLock { $0 += 1 } }
            }
            #expect(failures.withLock { $0 } == 0)
            #expect(pool.idleProcessIDs.count == 1)
        }

        @Test func aDecodeHeldUpBehindASlowOneGetsAProcessOfItsOwnAfterTheWait() throws {
            let folder = try TemporaryDirectory()
            let path = try Pool.photos(1, in: folder)[0]
            let growthWait = 0.3
            let pool = Self.pool(processCount: 2, growthWait: growthWait, deadline: 3)
            defer { pool.shutdown() }
            let spinSent = LockedState(false)
            pool.afterSending = { _ in spinSent.withLock { $0 = true } }
            let spinEnded = LockedState(false)
            let spin = Thread {
                _ = pool.ask(Pool.probe(.probeSpin))
                spinEnded.withLock { $0 = true }
            }
            spin.start()
            while !spinSent.withLock({ $0 }) { usleep(1000) }
            let started = MonotonicClock.seconds()
            let outcome = Pool.decode(path, pool: pool)
            let waited = MonotonicClock.seconds() - started
            #expect(throws: Never.self) { try outcome.get() }
            // It waited for the busy process as long as the growth wait, then did not wait for the spin to end.
            #expect(waited >= growthWait)
            #expect(!spinEnded.withLock { $0 })
            #expect(pool.idleProcessIDs.count == 1)
        }
    }
}
