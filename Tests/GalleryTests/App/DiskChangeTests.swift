import Foundation
import GalleryCore
import GalleryScene
import Imaging
import PagerEngine
import Testing

@testable import Gallery

extension SDLSerializedTests {
    /// A photo changed on disk while shown (written over, or another file renamed over its name) is decoded again the
    /// next time it is shown or becomes a neighbour, however the pager gets back to it.
    @Suite("Changes on disk")
    @MainActor struct DiskChangeTests {
        static let size = PixelSize(width: 320, height: 240)
        static let red = RGBA(r: 250, g: 20, b: 20)
        static let blue = RGBA(r: 20, g: 20, b: 250)

        /// A binary PPM of one colour: its size depends only on its dimensions, so a replacement can match the
        /// original's size and modification time and differ only in its inode.
        static func ppm(_ colour: RGBA, width: Int = 40, height: Int = 30) -> [UInt8] {
            Array("P6\n\(width) \(height)\n255\n".utf8)
                + (0..<(width * height)).flatMap { _ in [colour.r, colour.g, colour.b] }
        }

        /// How the shown photo is replaced.
        enum Change: String, CaseIterable, CustomTestStringConvertible {
            /// `mv new.ppm p01.ppm`: a new inode with the same size and modification time as the old file.
            case renameOver
            /// `cp new.ppm p01.ppm`: the same inode and size, rewritten in place a second later.
            case writeOver

            var testDescription: String { rawValue }
        }

        /// How the pager leaves the first photo and comes back to it.
        enum Trip: String, CaseIterable, CustomTestStringConvertible {
            case endThenHome
            case goTo15Then1
            case nextThenPrevious

            var keys: (away: [String], back: [String]) {
                switch self {
                case .endThenHome: (["End"], ["Home"])
                case .goTo15Then1: (["1", "5", "G"], ["1", "G"])
                case .nextThenPrevious: (["Right"], ["Left"])
                }
            }

            var testDescription: String { rawValue }
        }

        /// Runs frames until the pager rests and every decode is in and drawn; returns the time reached.
        static func settle(_ gallery: GalleryController, worker: DecodeWorker, from start: Double) throws -> Double {
            var time = start
            for _ in 0..<600 {
                time += 1.0 / 60
                gallery.advance(to: time)
                worker.waitUntilIdle()
                try gallery.receiveDecodes(uploadBudget: nil)
                try gallery.render()
                if gallery.model.phase == .idle, gallery.pendingDecodes == 0, !gallery.needsFrame { break }
            }
            return time
        }

        @Test(
            "the photo changed on disk is shown after coming back to it",
            arguments: [
                GalleryMode.endCaps, .bounded, .threeSurfaces,
            ], Change.allCases)
        func changedPhotoIsShownOnReturn(mode: GalleryMode, change: Change) throws {
            for trip in Trip.allCases {
                try Self.check(mode: mode, change: change, trip: trip)
            }
        }

        static func check(mode: GalleryMode, change: Change, trip: Trip) throws {
            try SDLTestSession.start()
            let directory = try TemporaryDirectory()
            let paths = try (1...15).map { try directory.write(ppm(red), to: String(format: "p%02d.ppm", $0)) }
            let target = try Surface(width: size.width, height: size.height, opaque: true)
            let renderer = try Renderer(target: target)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnails.shutdown()
            }
            let gallery = try GalleryController(
                library: PageLibrary(photos: PhotoIndexFixture.index(paths)), mode: mode, renderer: renderer,
                worker: worker, thumbnailWorker: thumbnails, configuration: .standard)
            var time = try settle(gallery, worker: worker, from: 0)
            let centre = (x: size.width / 2, y: size.height / 2)
            #expect(target.pixel(x: centre.x, y: centre.y) == red, "\(mode) \(change) \(trip): the first photo")

            let old = try FileManager.default.attributesOfItem(atPath: paths[0])
            switch change {
            case .renameOver:
                let new = try directory.write(ppm(blue), to: "new.ppm")
                try FileManager.default.setAttributes([.modificationDate: old[.modificationDate]!], ofItemAtPath: new)
                #expect(rename(new, paths[0]) == 0)
            case .writeOver:
                try Data(ppm(blue)).write(to: URL(fileURLWithPath: paths[0]))
                // File systems stamp times from a coarse clock: a second later, whenever the test runs.
                let later = (old[.modificationDate] as! Date).addingTimeInterval(1)
                try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: paths[0])
            }

            for key in trip.keys.away { gallery.apply(.key(GalleryKey.named(key)), at: time) }
            time = try settle(gallery, worker: worker, from: time)
            #expect(gallery.currentPage != 0, "\(mode) \(change) \(trip): went away")
            for key in trip.keys.back { gallery.apply(.key(GalleryKey.named(key)), at: time) }
            time = try settle(gallery, worker: worker, from: time)
            #expect(gallery.currentPage == 0, "\(mode) \(change) \(trip): came back")
            #expect(target.pixel(x: centre.x, y: centre.y) == blue, "\(mode) \(change) \(trip): the new photo shows")
        }
    }
}
