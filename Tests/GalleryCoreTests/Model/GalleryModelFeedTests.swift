import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// The feed in the model, without a renderer: the spinner is on screen only on its page, and the answer replaces it
/// in place with the first new page. The adapter's part (frames asked for, the wake-up time) is in GalleryTests'
/// "Gallery controller feed frames".
@Suite("Gallery model: the feed's spinner and answers")
@MainActor struct GalleryModelFeedTests {
    /// The model and the simulated network as the adapter drives them: pager events ask the source, its answers
    /// go back to the model.
    @MainActor struct Drive {
        var model = GalleryModel(photoCount: 3, mode: .feed, viewport: Viewport(width: 320, height: 240))
        let source = SimulatedFeedSource(photoCount: 3, delay: 2)
        var time = 0.0

        mutating func record(_ effects: [GalleryEffect]) {
            for case .pagerEvents(let events) in effects where events.contains(.needsMorePages) {
                source.request(at: time)
            }
        }

        /// Advances the pager to `time`, then takes the source's answer if it is due.
        mutating func advance(to newTime: Double) {
            time = newTime
            record(model.advance(to: time))
            switch source.poll(at: time) {
            case .appended(let items)?:
                let photos = items.compactMap { item -> PhotoID? in
                    if case .photo(let index) = item { index } else { nil }
                }
                record(model.handle(.report(.feedAppended(photos, photoCount: 3)), at: time))
            case .failed(let reason)?: record(model.handle(.report(.feedFailed(reason: reason)), at: time))
            case nil: break
            }
        }

        /// Advances at 60 frames a second until the pager rests.
        mutating func settle() {
            while model.pager?.isAnimating == true {
                advance(to: time + 1.0 / 60)
            }
        }
    }

    @Test("the spinner shows only on its own page; the answer replaces it with the first new page, in place")
    func spinnerAndAnswer() throws {
        var drive = Drive()
        drive.record(drive.model.handle(.command(.last), at: 0))
        drive.settle()
        // Resting on the last photo with a request in flight: the spinner's page is off screen.
        #expect(drive.model.feedState == .loading)
        #expect(drive.model.currentPage == 2)
        #expect(!drive.model.spinnerIsVisible)
        let due = try #require(drive.source.dueTime)
        #expect(due > drive.time)

        // On the spinner's page: it is on screen (so the adapter keeps drawing while it turns).
        drive.record(drive.model.handle(.command(.next), at: drive.time))
        drive.settle()
        #expect(drive.model.pager?.slotPosition == 3)
        #expect(drive.model.spinnerIsVisible)

        // The answer: six new pages, the first one where the spinner was; no request in flight after.
        drive.advance(to: due)
        #expect(drive.model.feedState == .idle)
        #expect(drive.model.pageCount == 9)
        #expect(drive.model.pager?.slotPosition == 3)
        #expect(!drive.model.spinnerIsVisible)
        #expect(drive.source.dueTime == nil)
    }

    @Test(
        "The spinner page is labelled as itself, in the label and the title; the trace's position is its slot"
    )
    func spinnerPageLabel() throws {
        var drive = Drive()
        drive.record(drive.model.handle(.command(.last), at: 0))
        drive.settle()
        #expect(drive.model.title(name: "c.jpg") == "3 / 3 — c.jpg")
        #expect(drive.model.tracePosition == 2)
        drive.record(drive.model.handle(.command(.next), at: drive.time))
        drive.settle()
        #expect(drive.model.title(name: "c.jpg") == "Loading more\u{2026}")
        let overlay = drive.model.overlay(name: "c.jpg", now: drive.time, panelLines: [])
        #expect(overlay.info.hasPrefix("Loading more\u{2026}"))
        #expect(!overlay.info.contains("c.jpg"))
        // Where offset_px puts the strip: one page past the last photo.
        #expect(drive.model.tracePosition == 3)
        #expect(drive.model.tracePosition == drive.model.pager.map { $0.offset / $0.extent })
        _ = drive.model.handle(.report(.feedFailed(reason: "no network")), at: drive.time)
        #expect(drive.model.title(name: "c.jpg") == "Couldn\u{2019}t load more: no network")
    }

    @Test("On the spinner page no photo's dot is lit; a watched folder's end page says what it waits for")
    func spinnerPageDotsAndWaitingNote() throws {
        var drive = Drive()
        drive.record(drive.model.handle(.command(.last), at: 0))
        drive.settle()
        let onLast = try #require(drive.model.overlay(name: "c.jpg", now: drive.time, panelLines: []).dots)
        #expect(onLast.current == 2 && onLast.count == 3)
        drive.record(drive.model.handle(.command(.next), at: drive.time))
        drive.settle()
        let onSpinner = try #require(drive.model.overlay(name: "c.jpg", now: drive.time, panelLines: []).dots)
        #expect(onSpinner.count == 3)
        #expect(!(0..<onSpinner.count).contains(onSpinner.current), "dot \(onSpinner.current + 1) of 3 is lit")
        drive.model.feed.waitingNote = "Waiting for photos in incoming"
        #expect(drive.model.title(name: "c.jpg") == "Waiting for photos in incoming")
        _ = drive.model.handle(.report(.feedFailed(reason: "no network")), at: drive.time)
        #expect(drive.model.title(name: "c.jpg") == "Couldn\u{2019}t load more: no network")
    }
}
