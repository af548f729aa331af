import PagerEngine
import Testing

@Suite("Pager feed and wheel")
struct PagerFeedAndWheelTests {
    @Test("The feed asks once near its end, an append never moves the page, a failure shows retry in place")
    func feed() throws {
        var pager = Pager.make(.feed, pages: 3)
        var events = pager.handle(.command(.next), at: 0)
        events += pager.advance(to: 2)
        #expect(pager.currentPage == 1)
        #expect(!events.contains(.needsMorePages))

        // Within one page of the end (the spinner slot is 3): ask once, however long it takes.
        events = pager.handle(.command(.next), at: 2)
        events += pager.advance(to: 2.2) + pager.advance(to: 4)
        #expect(events.filter { $0 == .needsMorePages }.count == 1)
        #expect(pager.currentPage == 2)

        // Onto the spinner page while loading: no second request.
        events = pager.handle(.command(.next), at: 4) + pager.advance(to: 6)
        #expect(!events.contains(.needsMorePages))
        #expect(pager.topology.content(ofSlot: Int(pager.slotPosition.rounded())) == .feedEnd)

        // The load fails: the retry prompt shows where the spinner was; nothing moves and nothing is asked.
        events = pager.failPageLoad(at: 6) + pager.advance(to: 8)
        #expect(pager.slotPosition == 3)
        #expect(pager.phase == .idle)
        #expect(!events.contains(.needsMorePages))

        // Leaving the retry page and coming back asks again; the append lands under the user without moving the page.
        events = pager.handle(.command(.previous), at: 8) + pager.advance(to: 9)
        #expect(!events.contains(.needsMorePages))
        events = pager.handle(.command(.next), at: 9) + pager.advance(to: 10)
        #expect(events.filter { $0 == .needsMorePages }.count == 1)
        let offset = pager.offset
        events = pager.appendPages(3, at: 10)
        #expect(pager.pageCount == 6)
        #expect(pager.offset == offset)
        #expect(pager.currentPage == 3)
        #expect(pager.topology.content(ofSlot: 3) == .page(3))
        #expect(pager.topology.content(ofSlot: 6) == .feedEnd)
    }

    @Test("A wheel fling decelerates freely and comes to rest exactly on a row")
    func wheelSnaps() {
        var harness = PagerHarness(.make(.wheel, pages: 40, startPage: 10))
        // Vertical flick upward: rows move up, later rows come in.
        harness.run(Gesture.drag(at: 0.1, from: 500, by: -200, duration: 0.08, steps: 8, vertical: true), fps: 60)
        #expect(harness.frames.contains { $0.phase == .decelerating })
        #expect(harness.pager.phase == .idle)
        let row = harness.pager.slotPosition.rounded()
        #expect(harness.pager.offset == row * harness.pager.extent)
        // A free glide carries on well past the finger: more rows than the 200 px drag covered.
        let travelled = harness.frames.last!.contentPosition - 10
        #expect(travelled > 200 / harness.pager.extent + 1)
        #expect(harness.pager.currentPage.rawValue == WrapMath.wrap(10 + Int(travelled.rounded()), count: 40))
    }

    /// A picker's glide: a new user's 200 px flicks (1,333 and 4,000 px/s) travelled 8 and 21 rows, settling in up to
    /// 2.8 s, at UIKit's `.normal` rate; at `.fast` they go a few rows and rest within a second.
    @Test(
        "A 200 px wheel flick glides a few rows past the finger, as a picker's wheel, and rests within a second",
        arguments: [(0.15, 2.0, 4.0), (0.05, 3.0, 7.0)])
    func wheelFlickIsAPickers(duration: Double, fewestRows: Double, mostRows: Double) {
        var harness = PagerHarness(.make(.wheel, pages: 40, startPage: 10))
        harness.run(
            Gesture.drag(at: 0.1, from: 500, by: -200, duration: duration, steps: 8, vertical: true), fps: 60)
        let travelled = harness.frames.last!.contentPosition - 10
        #expect(travelled >= fewestRows && travelled <= mostRows, "\(travelled) rows")
        let settled = harness.frames.last { $0.phase != .idle }.map(\.time) ?? 0
        #expect(settled - (0.1 + duration) < 1, "settled \(settled - 0.1 - duration) s after the lift")
    }

    @Test("Without snapping, the wheel stops wherever the deceleration ends")
    func wheelFree() {
        let pager = Pager(
            topology: WheelTopology(rowCount: 40, startRow: 10, snapsToRow: false),
            viewport: Viewport(width: 1280, height: 720))
        var harness = PagerHarness(pager)
        harness.run(Gesture.drag(at: 0.1, from: 500, by: -170, duration: 0.08, steps: 8, vertical: true), fps: 60)
        #expect(harness.pager.phase == .idle)
        #expect(harness.events.contains(.settled(page: harness.pager.currentPage)))
        #expect(harness.pager.slotPosition != harness.pager.slotPosition.rounded())
    }
}
