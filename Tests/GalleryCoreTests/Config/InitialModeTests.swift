import GalleryCore
import PagerEngine
import Testing

@Suite("Initial mode")
struct InitialModeTests {
    @Test("end caps up to the limit, three surfaces above", arguments: [0, 1, 2, 3, 15, 16, 17, 100, 10_000])
    func choosesBySize(photoCount: Int) {
        let expected: TopologyKind = photoCount <= InitialMode.largestEndCapsCount ? .endCaps : .threeSurfaces
        #expect(InitialMode.mode(photoCount: photoCount) == expected)
    }

    @Test("the limit is the design's 16 photos")
    func limitIsSixteen() {
        #expect(InitialMode.mode(photoCount: 16) == .endCaps)
        #expect(InitialMode.mode(photoCount: 17) == .threeSurfaces)
    }

    @Test("a requested mode always wins", arguments: TopologyKind.allCases)
    func requestedModeWins(mode: TopologyKind) {
        for photoCount in [1, 16, 17, 10_000] {
            #expect(InitialMode.mode(photoCount: photoCount, requested: mode) == mode)
        }
    }

    @Test(
        "a feed given (--feed-watch, --feed-command) starts in the feed unless a mode is requested")
    func feedGivenStartsInTheFeed() {
        #expect(InitialMode.mode(photoCount: 12, feedGiven: true) == .feed)
        #expect(InitialMode.mode(photoCount: 12, requested: .bounded, feedGiven: true) == .bounded)
        #expect(InitialMode.mode(photoCount: 12, feedGiven: false) == .endCaps)
    }
}
