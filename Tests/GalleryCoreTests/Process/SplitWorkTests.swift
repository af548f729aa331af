import Glibc
import Support
import Testing

@testable import GalleryCore

@Suite("SplitWork")
struct SplitWorkTests {
    @Test("every part runs once, part 0 on the calling thread, all finished when run returns", arguments: [1, 2, 5])
    func everyPartRunsBeforeReturn(parts: Int) {
        let seen = LockedState<[Int: Bool]>([:])
        let caller = pthread_self()
        SplitWork.run(parts: parts, name: "test-split") { part in
            // Slow parts: `run` must still wait for them.
            if part > 0 { usleep(20_000) }
            let onCaller = pthread_equal(pthread_self(), caller) != 0
            seen.withLock { $0[part] = onCaller }
        }
        let finished = seen.withLock { $0 }
        #expect(finished.keys.sorted() == Array(0..<parts))
        #expect(finished[0] == true)
        #expect(finished.filter { $0.key > 0 }.allSatisfy { !$0.value })
    }
}
