import PagerEngine
import Testing

@Suite("FeedTopology")
struct FeedTopologyTests {
    /// One step of a scripted session with the feed.
    enum Step: Sendable {
        /// The pager reports this slot position; the feed should raise these events.
        case position(Double, raises: [PagerEvent])
        /// The request in flight delivered this many pages.
        case append(Int)
        /// The request in flight failed.
        case fail
        /// The retry key; the feed should raise these events.
        case retry(raises: [PagerEvent])
        /// The load state now.
        case state(FeedLoadState)
    }

    @Test("N page slots, then the end slot")
    func layout() {
        let feed = FeedTopology(pageCount: 3)
        #expect(feed.slotCount == 4)
        #expect(feed.restingSlots == 0...3)
        #expect(feed.kind == .feed)
        #expect((-1...4).map(feed.content(ofSlot:)) == [.empty, .page(0), .page(1), .page(2), .feedEnd, .empty])
    }

    @Test(
        "scripted sessions",
        arguments: [
            // Reaching the last page asks once; nothing more while loading.
            [
                Step.position(0, raises: []), .position(1.9, raises: []), .position(2, raises: [.needsMorePages]),
                .state(.loading), .position(2.5, raises: []), .position(3, raises: []), .retry(raises: []),
            ],
            // An append lets it ask again, a page from the new end.
            [
                .position(2.2, raises: [.needsMorePages]), .append(2), .state(.idle), .position(3, raises: []),
                .position(3.99, raises: []), .position(4, raises: [.needsMorePages]),
            ],
            // A failure while the retry page is shown does not ask again until the user leaves and comes back.
            [
                .position(3, raises: [.needsMorePages]), .fail, .state(.failed), .position(3, raises: []),
                .position(2.8, raises: []), .position(2.4, raises: []), .position(2.6, raises: [.needsMorePages]),
                .state(.loading),
            ],
            // A failure after the pager snapped back: returning to the retry page asks again; halfway is not enough.
            [
                .position(2, raises: [.needsMorePages]), .fail, .position(2, raises: []), .position(2.49, raises: []),
                .position(2.5, raises: [.needsMorePages]), .fail, .position(2.2, raises: []),
                .retry(raises: [.needsMorePages]), .retry(raises: []), .position(3, raises: []), .append(1),
                .position(3, raises: [.needsMorePages]),
            ],
        ]
    )
    func session(steps: [Step]) {
        var feed = FeedTopology(pageCount: 3)
        for step in steps {
            switch step {
            case .position(let position, let expected):
                #expect(feed.events(atSlotPosition: position) == expected, "at \(position)")
            case .append(let count):
                feed.append(count: count)
            case .fail:
                feed.failLoad()
            case .retry(let expected):
                #expect(feed.retry() == expected)
            case .state(let state):
                #expect(feed.loadState == state)
            }
        }
    }

    @Test("an append grows the strip to the right: existing pages keep their slots", arguments: [0, 1, 4])
    func appendKeepsPages(count: Int) {
        var feed = FeedTopology(pageCount: 3, startPage: 2)
        let before = (0..<3).map(feed.content(ofSlot:))
        feed.append(count: count)
        #expect(feed.pageCount == 3 + count)
        #expect((0..<3).map(feed.content(ofSlot:)) == before)
        #expect(feed.content(ofSlot: 3 + count) == .feedEnd)
        #expect(feed.startSlot == 2)
        #expect(feed.rebase(atSlotPosition: 2.7) == nil)
    }

    @Test(
        "logical position: unclamped below 0, capped at the last page on the end slot",
        arguments: [(-0.3, -0.3), (0, 0), (1.5, 1.5), (2, 2), (2.7, 2), (3, 2), (3.4, 2)]
    )
    func logicalPosition(position: Double, expected: Double) {
        #expect(FeedTopology(pageCount: 3).logicalPosition(atSlotPosition: position) == expected)
    }

    @Test("an empty feed shows only the end slot and asks at once")
    func emptyFeed() {
        var feed = FeedTopology(pageCount: 0, startPage: 4)
        #expect(feed.startSlot == 0)
        #expect(feed.content(ofSlot: 0) == .feedEnd)
        #expect(feed.restingSlots == 0...0)
        #expect(feed.logicalPosition(atSlotPosition: 0.3) == 0)
        #expect(feed.events(atSlotPosition: 0) == [.needsMorePages])
    }

    @Test("release behaviour defaults to paging and can be free scrolling")
    func releaseBehavior() {
        #expect(FeedTopology(pageCount: 3).releaseBehavior == .paging)
        let scrolling = FeedTopology(pageCount: 3, releaseBehavior: .freeScroll(snapsToSlot: false))
        #expect(scrolling.releaseBehavior == .freeScroll(snapsToSlot: false))
    }
}
