import Foundation
import GalleryCore
import GalleryTesting
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

extension SDLSerializedTests {
    /// Both store schemes over real files: changed files are decoded again when shown again, and byte budgets hold.
    @Suite @MainActor struct PageStoreTests {
        static let box = PixelSize(width: 200, height: 200)

        init() throws {
            try SDLTestSession.start()
        }

        /// A store of `scheme` over `paths`, with its worker and an off-screen renderer.
        static func makeStore(recycling: Bool, paths: [String], cacheBytes: Int = 64 << 20) throws -> any PageStore {
            let library = PageLibrary(photos: PhotoIndexFixture.index(paths))
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let renderer = try Renderer(target: try Surface(width: 220, height: 220, opaque: true))
            return makePageStore(
                recyclingSlots: recycling,
                decodes: PageDecodes(worker: worker, library: CurrentLibrary(library), box: box),
                renderer: renderer, cacheBytes: cacheBytes)
        }

        /// Applies `pages` as the plan and delivers every decode.
        static func show(_ pages: [Int], in store: any PageStore) throws {
            store.apply(ResidencyPlan(required: pages.map { PhotoID($0) }))
            store.decodes.worker.waitUntilIdle()
            try store.receive(uploadBudget: nil)
        }

        /// The texture a frame showing `page` in `slot` draws: the upload step, then the read.
        static func drawn(_ page: Int, slot: Int, in store: any PageStore) throws -> (any CanvasTexture)? {
            try store.fillSlots([(slot, PhotoID(page))])
            return store.texture(forPhoto: PhotoID(page), slot: slot)
        }

        static func square(_ colour: RGBA, width: Int, height: Int) -> [UInt8] {
            JPEGFixture.rgb(width: width, height: height) { _, _ in colour }
        }

        @Test(arguments: [false, true])
        func errorTileRecoversOnceTheFileIsRestored(recycling: Bool) throws {
            let directory = try TemporaryDirectory()
            let photo = try directory.write(Self.square(.white, width: 40, height: 30), to: "a.jpg")
            let other = try directory.write(Self.square(.white, width: 40, height: 30), to: "b.jpg")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
            try FileManager.default.removeItem(atPath: photo)
            let store = try Self.makeStore(recycling: recycling, paths: [photo, other])

            try Self.show([0], in: store)
            #expect(store.failure(forPhoto: 0)?.reason == .missingFile)
            // Shown again unchanged: still the error tile, and not decoded again.
            try Self.show([1], in: store)
            try Self.show([0], in: store)
            #expect(store.failure(forPhoto: 0)?.reason == .missingFile)

            try bytes.write(to: URL(fileURLWithPath: photo))
            try Self.show([1], in: store)
            try Self.show([0], in: store)
            #expect(store.failure(forPhoto: 0) == nil)
            #expect(try Self.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 200, height: 150))
        }

        @Test(arguments: [false, true])
        func changedPhotoIsDecodedAgainWhenNextShown(recycling: Bool) throws {
            let directory = try TemporaryDirectory()
            let photo = try directory.write(Self.square(.white, width: 40, height: 30), to: "a.jpg")
            let other = try directory.write(Self.square(.white, width: 40, height: 30), to: "b.jpg")
            let store = try Self.makeStore(recycling: recycling, paths: [photo, other])
            try Self.show([0], in: store)
            #expect(try Self.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 200, height: 150))

            try directory.write(Self.square(.white, width: 30, height: 40), to: "a.jpg")
            try Self.show([1], in: store)
            try Self.show([0], in: store)
            #expect(try Self.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 150, height: 200))
        }

        /// Painting only reads: a recycled slot gets its page's texture in the upload step (`fillSlots`), once, and
        /// reading it uploads nothing; a slot the step did not fill has no texture to draw.
        @Test func recycledSlotsUploadOnlyInTheUploadStep() throws {
            let directory = try TemporaryDirectory()
            let paths = try (0..<3).map {
                try directory.write(Self.square(.white, width: 40, height: 30), to: "\($0).jpg")
            }
            let store = try Self.makeStore(recycling: true, paths: paths)
            try Self.show([1, 2, 0], in: store)
            #expect(store.texture(forPhoto: 1, slot: 1) == nil)
            #expect(store.decodes.uploads == 0)

            try store.fillSlots([(0, 0), (1, 1), (2, 2)])
            #expect(store.decodes.uploads == 3)
            for _ in 0..<2 {
                for page in 0..<3 {
                    #expect(
                        store.texture(forPhoto: PhotoID(page), slot: page)?.size == PixelSize(width: 200, height: 150))
                }
            }
            #expect(store.texture(forPhoto: 1, slot: 0) == nil)
            // Filling again for the same frame, or the strip rotated by one, moves textures and uploads nothing.
            try store.fillSlots([(0, 0), (1, 1), (2, 2)])
            try store.fillSlots([(0, 1), (1, 2), (2, 0)])
            #expect(store.decodes.uploads == 3)
            #expect(store.texture(forPhoto: 2, slot: 1) != nil)
        }

        /// `cacheBytes` whose pages' share (`PageBudget.pagesShare`, three quarters) holds exactly `pages` pages.
        static func cacheBytes(holdingPages pages: Int, of pageBytes: Int) -> Int {
            (pages * pageBytes * 4 + 2) / 3
        }

        /// Pages that leave the plan stay cached until the pages' share of the budget needs their bytes; the current
        /// page and its neighbours stay while they fit it.
        @Test func logicalStoreKeepsRecentPagesWithinItsBudget() throws {
            let directory = try TemporaryDirectory()
            let paths = try (0..<8).map {
                try directory.write(Self.square(.white, width: 40, height: 40), to: "\($0).jpg")
            }
            let pageBytes = 200 * 200 * 4
            let cache = Self.cacheBytes(holdingPages: 4, of: pageBytes)
            #expect(PageBudget.pagesShare(of: cache) / pageBytes == 4)
            let store = try Self.makeStore(recycling: false, paths: paths, cacheBytes: cache)
            for centre in 1..<7 {
                try Self.show([centre, centre + 1, centre - 1], in: store)
                #expect(store.textureBytes <= 4 * pageBytes)
                for page in [centre - 1, centre, centre + 1] {
                    #expect(try Self.drawn(page, slot: 0, in: store) != nil)
                }
            }
            #expect(store.textureCount == 4)
            // The page left most recently is still cached, the oldest is not.
            #expect(try Self.drawn(4, slot: 0, in: store) != nil)
            #expect(try Self.drawn(0, slot: 0, in: store) == nil)
        }

        /// When the pinned pages do not all fit the budget (a huge window), a store keeps only those that fit, the
        /// current page first, then the neighbour ahead, never more bytes than its share.
        @Test(arguments: [false, true], [1, 2])
        func pinnedPagesThatDoNotFitAreNotKept(recycling: Bool, fitting: Int) throws {
            let directory = try TemporaryDirectory()
            let paths = try (0..<8).map {
                try directory.write(Self.square(.white, width: 40, height: 40), to: "\($0).jpg")
            }
            // A decoded page's rows are padded to the pixel buffer's stride.
            let pageBytes = PixelBuffer.alignedStride(width: 200) * 200
            let cache = Self.cacheBytes(holdingPages: fitting, of: pageBytes)
            let store = try Self.makeStore(recycling: recycling, paths: paths, cacheBytes: cache)
            for centre in [3, 4, 5] {
                try Self.show([centre, centre + 1, centre - 1], in: store)
                for (slot, page) in [centre - 1, centre, centre + 1].enumerated() {
                    _ = try Self.drawn(page, slot: slot, in: store)
                }
                #expect(store.textureBytes <= PageBudget.pagesShare(of: cache), "centre \(centre)")
                #expect(store.decodedBytes <= PageBudget.pagesShare(of: cache), "centre \(centre)")
                #expect(try Self.drawn(centre, slot: 1, in: store) != nil)
                #expect((try Self.drawn(centre + 1, slot: 2, in: store) != nil) == (fitting >= 2))
                #expect(try Self.drawn(centre - 1, slot: 0, in: store) == nil)
            }
        }
    }
}
/// Builds photo indexes from paths that exist.
enum PhotoIndexFixture {
    static func index(_ paths: [String]) -> PhotoIndex {
        PhotoIndex(photos: paths.map { PhotoEntry(path: $0) })
    }
}
