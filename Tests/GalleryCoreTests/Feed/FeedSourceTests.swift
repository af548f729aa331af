import GalleryCore
import Testing

@Suite("Feed source")
struct FeedSourceTests {
    @Test("a request answers after the delay, not before", arguments: [0.0, 0.25, 1.0, 2.5])
    func answersAfterDelay(delay: Double) {
        var feed = FeedSource(photoCount: 12, delay: delay)
        let accepted = feed.request(at: 10)
        #expect(accepted)
        #expect(feed.isLoading)
        #expect(feed.nextDueTime == 10 + delay)
        if delay > 0 {
            let early = feed.poll(at: 10 + delay * 0.999)
            #expect(early == nil)
            #expect(feed.isLoading)
        }
        let onTime = feed.poll(at: 10 + delay)
        #expect(onTime == .appended(count: FeedSource.defaultPagesPerLoad))
        #expect(!feed.isLoading)
        #expect(feed.nextDueTime == nil)
        #expect(feed.pageCount == 12 + FeedSource.defaultPagesPerLoad)
        let idle = feed.poll(at: 100)
        #expect(idle == nil)
    }

    @Test("a second request while one is in flight is ignored")
    func oneRequestInFlight() {
        var feed = FeedSource(photoCount: 4, delay: 1)
        let first = feed.request(at: 0)
        let overlapping = feed.request(at: 0.5)
        #expect(first)
        #expect(!overlapping)
        #expect(feed.nextDueTime == 1)
        #expect(feed.requestCount == 1)
        let response = feed.poll(at: 1)
        #expect(response == .appended(count: 3))
        let next = feed.request(at: 1.2)
        #expect(next)
        #expect(feed.nextDueTime == 2.2)
        #expect(feed.requestCount == 2)
    }

    @Test("with failEvery k, exactly requests k, 2k … fail, and a failure appends nothing", arguments: [1, 2, 3])
    func failsOnSchedule(failEvery: Int) {
        var feed = FeedSource(photoCount: 5, delay: 1, pagesPerLoad: 2, failEvery: failEvery)
        var time = 0.0
        for request in 1...7 {
            let pagesBefore = feed.pageCount
            let accepted = feed.request(at: time)
            #expect(accepted)
            #expect(feed.lastFailure == nil)
            time += 1
            let response = feed.poll(at: time)
            if request.isMultiple(of: failEvery) {
                #expect(response == .failed(reason: "simulated network failure (request \(request))"))
                #expect(feed.lastFailure != nil)
                #expect(feed.pageCount == pagesBefore)
            } else {
                #expect(response == .appended(count: 2))
                #expect(feed.pageCount == pagesBefore + 2)
            }
        }
    }

    @Test("without a schedule no request fails")
    func neverFailsByDefault() {
        var feed = FeedSource(photoCount: 2)
        for step in 0..<50 {
            feed.request(at: Double(step))
            let response = feed.poll(at: Double(step) + FeedSource.defaultDelay)
            #expect(response == .appended(count: FeedSource.defaultPagesPerLoad))
        }
    }

    @Test("appended pages cycle through the photos", arguments: [1, 3, 12])
    func pagesCyclePhotos(photoCount: Int) {
        var feed = FeedSource(photoCount: photoCount, initialPageCount: 1)
        for step in 0..<5 {
            feed.request(at: Double(step) * 2)
            _ = feed.poll(at: Double(step) * 2 + FeedSource.defaultDelay)
        }
        #expect(feed.pageCount == 1 + 5 * FeedSource.defaultPagesPerLoad)
        let photos = (0..<feed.pageCount).map(feed.photo(forPage:))
        #expect(photos.allSatisfy { (0..<photoCount).contains($0) })
        for page in photoCount..<feed.pageCount {
            #expect(photos[page] == photos[page - photoCount])
        }
        #expect(Set(photos).count == min(photoCount, feed.pageCount))
    }
}
