import Dispatch
import GalleryCore
import GalleryScene
import Support
import Testing

@testable import Gallery

/// Files dropped onto the window are listed on a thread of their own: the loop polls `result` and is woken by `done`.
@Suite("Opening a library off the main thread")
struct LibraryOpeningTests {
    struct Failure: Error {}

    @Test("the outcome is there once done runs, whether the opening succeeded or failed", arguments: [true, false])
    func outcomeBeforeDone(succeeds: Bool) throws {
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let seenAtDone = LockedState<Bool?>(nil)
        let openingBox = LockedState<LibraryOpening?>(nil)
        let opening = LibraryOpening(
            {
                release.wait()  // A slow folder.
                guard succeeds else { throw Failure() }
                return OpenedLibrary(library: PageLibrary(syntheticCount: 3), startPage: 1, mode: .bounded)
            },
            done: {
                seenAtDone.withLock { $0 = openingBox.withLock { $0 }?.result != nil }
                done.signal()
            })
        openingBox.withLock { $0 = opening }
        #expect(opening.result == nil)  // Still listing: the loop goes on.
        release.signal()
        done.wait()
        #expect(seenAtDone.withLock { $0 } == true)
        switch opening.result {
        case .success(let opened): #expect(succeeds && opened.startPage == 1 && opened.library.count == 3)
        case .failure(let error): #expect(!succeeds && error is Failure)
        case nil: Issue.record("no outcome")
        }
    }
}
