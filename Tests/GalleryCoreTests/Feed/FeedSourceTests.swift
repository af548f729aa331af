import Foundation
import GalleryCore
import PagerEngine
import Support
import Testing

@Suite("Simulated feed source")
@MainActor struct SimulatedFeedSourceTests {
    @Test("a request answers after the delay, not before", arguments: [0.0, 0.25, 1.0, 2.5])
    func answersAfterDelay(delay: Double) {
        let feed = SimulatedFeedSource(photoCount: 12, delay: delay)
        feed.request(at: 10)
        #expect(feed.dueTime == 10 + delay)
        if delay > 0 {
            #expect(feed.poll(at: 10 + delay * 0.999) == nil)
            #expect(feed.dueTime != nil)
        }
        #expect(feed.poll(at: 10 + delay) == .appended((0..<6).map { .photo(PhotoID($0)) }))
        #expect(feed.dueTime == nil)
        #expect(feed.poll(at: 100) == nil)
    }

    @Test("pages go through the opened photos in rounds, a batch at a time")
    func rounds() {
        let feed = SimulatedFeedSource(photoCount: 4, delay: 0, batch: 3)
        var shown: [FeedItem] = []
        for request in 0..<4 {
            feed.request(at: Double(request))
            guard case .appended(let items) = feed.poll(at: Double(request)) else {
                Issue.record("request \(request) did not append")
                return
            }
            shown += items
        }
        #expect(shown == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3].map { .photo($0) })
    }

    @Test("a second request while one is in flight is ignored")
    func oneRequestInFlight() {
        let feed = SimulatedFeedSource(photoCount: 4, delay: 1)
        feed.request(at: 0)
        feed.request(at: 0.5)
        #expect(feed.requestCount == 1)
        #expect(feed.dueTime == 1)
    }

    @Test("failures follow the rate and replay exactly from the seed", arguments: [0.0, 0.3, 1.0])
    func seededFailures(rate: Double) {
        func outcomes(seed: UInt64) -> [Bool] {
            let feed = SimulatedFeedSource(photoCount: 3, delay: 0, failureRate: rate, seed: seed)
            return (0..<400).map { request in
                feed.request(at: Double(request))
                if case .failed = feed.poll(at: Double(request)) { return true }
                return false
            }
        }
        let first = outcomes(seed: 7)
        #expect(first == outcomes(seed: 7))
        let failures = Double(first.filter { $0 }.count) / 400
        #expect(abs(failures - rate) < 0.08)
        if rate > 0, rate < 1 { #expect(first != outcomes(seed: 8)) }
    }
}

@Suite("Feed pages")
struct FeedPagesTests {
    @Test("the opened photos come first, then the appended ones")
    func mapping() {
        var pages = FeedPages(initialCount: 3)
        pages.append([1, 2, 7])
        #expect(pages.count == 6)
        #expect((0..<6).map { pages.photo(atPage: PageIndex($0)) } == [0, 1, 2, 1, 2, 7])
    }

    @Test(
        "a photo is found on the page nearest to where the feed was",
        arguments: [
            (1, 0, 1), (1, 5, 4), (2, 4, 5), (7, 0, 6), (9, 3, nil),
        ] as [(PhotoID, Int, Int?)])
    func nearest(photo: PhotoID, near: Int, expected: Int?) {
        var pages = FeedPages(initialCount: 3)
        pages.append([0, 1, 2, 7])
        #expect(pages.page(showing: photo, near: PageIndex(near)) == expected.map { PageIndex($0) })
    }

    @Test("a huge gallery costs nothing until it grows")
    func huge() {
        let pages = FeedPages(initialCount: Int(Int32.max))
        #expect(pages.count == Int(Int32.max))
        #expect(pages.photo(atPage: 2_000_000_000) == 2_000_000_000)
        #expect(pages.appended.isEmpty)
    }
}

@Suite("Activity spinner")
struct ActivitySpinnerTests {
    @Test("twelve spokes, one turn per second, the head fully bright and the trail fading behind it")
    func spokes() {
        let spinner = ActivitySpinner()
        #expect(ActivitySpinner.spokeCount == 12)
        #expect(spinner.angle(ofSpoke: 3) == 90)
        #expect(spinner.opacity(ofSpoke: 0, at: 0) == 1)
        #expect(spinner.opacity(ofSpoke: 3, at: 0.25) == 1)
        #expect(spinner.opacity(ofSpoke: 3, at: 1.25) == 1)  // One turn later, the same.
        // Behind the head the trail fades: the spoke just passed is brighter than the one before it.
        let trail = (0..<12).map { spinner.opacity(ofSpoke: (12 + 3 - $0) % 12, at: 0.25) }
        #expect(zip(trail, trail.dropFirst()).allSatisfy { $0 > $1 })
        #expect(trail.allSatisfy { $0 >= ActivitySpinner.restingOpacity })
    }

    @Test("opacity changes continuously with time, so any frame rate draws it smoothly")
    func smooth() {
        let spinner = ActivitySpinner()
        for step in 0..<1000 {
            let t = Double(step) / 1000
            for spoke in 0..<12 where spinner.angle(ofSpoke: spoke) != spinner.headAngle(at: t + 0.001) {
                let change = abs(
                    spinner.opacity(ofSpoke: spoke, at: t + 0.001) - spinner.opacity(ofSpoke: spoke, at: t))
                // The spoke the head passes jumps from faint to bright; every other changes by at most 1/1000 turn.
                #expect(change < 0.001 || change > 0.7)
            }
        }
    }
}

@Suite("Tap recogniser")
struct TapRecognizerTests {
    @Test(
        "a press released within the slop is a click; a drag, a caught fling or a cancel is not",
        arguments: [
            (0.0, 0.0, false, false, true), (4.0, -4.0, false, false, true), (5.0, 0.0, false, false, false),
            (0.0, 6.0, false, false, false), (0.0, 0.0, true, false, false), (0.0, 0.0, false, true, false),
        ])
    func clicks(dx: Double, dy: Double, moving: Bool, cancelled: Bool, expected: Bool) {
        var tap = TapRecognizer(slop: 4)
        tap.pointerDown(x: 100, y: 100, contentWasMoving: moving)
        if cancelled { tap.cancel() }
        let clicked = tap.pointerUp(x: 100 + dx, y: 100 + dy)
        #expect(clicked == expected)
    }

    @Test("travel past the slop and back is still a drag")
    func outAndBack() {
        var tap = TapRecognizer(slop: 4)
        tap.pointerDown(x: 10, y: 10, contentWasMoving: false)
        tap.pointerMove(x: 40, y: 10)
        let clicked = tap.pointerUp(x: 10, y: 10)
        #expect(!clicked)
    }
}
