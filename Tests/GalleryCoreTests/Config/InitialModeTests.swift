import GalleryCore
import PagerEngine
import Testing

@Suite("Initial mode")
struct InitialModeTests {
    @Test(
        "up to the design's 16 photos open in end caps, more in three surfaces",
        arguments: [
            (0, GalleryMode.endCaps), (1, .endCaps), (2, .endCaps), (3, .endCaps), (15, .endCaps), (16, .endCaps),
            (17, .threeSurfaces), (100, .threeSurfaces), (10_000, .threeSurfaces),
        ])
    func choosesBySize(photoCount: Int, expected: GalleryMode) {
        #expect(InitialMode.mode(photoCount: photoCount) == expected)
    }

    @Test("a requested mode always wins", arguments: GalleryMode.allCases)
    func requestedModeWins(mode: GalleryMode) {
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
