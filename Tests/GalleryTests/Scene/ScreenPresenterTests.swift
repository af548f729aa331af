import GalleryCore
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// The controller asks the shown screen's presenter, never which screen shows: each screen is laid out, traced and
/// kept decoded by its own presenter.
extension SDLSerializedTests {
    @Suite("Screen presenters: the shown screen's presenter lays out, traces and keeps decoded")
    @MainActor struct ScreenPresenterTests {
        /// A screen to open, the presenter expected for it, and what it alone does.
        struct Case: Sendable, CustomTestStringConvertible {
            let mode: GalleryMode
            let opensCompare: Bool
            let presenter: String
            let thumbnailsOnly: Bool
            let tracesRow: Bool
            let leadingPhoto: PhotoID?
            var testDescription: String { opensCompare ? "compare" : "\(mode)" }
        }

        nonisolated static let cases: [Case] = [
            Case(
                mode: .bounded, opensCompare: false, presenter: "PagerPresenter", thumbnailsOnly: false,
                tracesRow: false, leadingPhoto: nil),
            Case(
                mode: .wheel, opensCompare: false, presenter: "WheelPresenter", thumbnailsOnly: true, tracesRow: true,
                leadingPhoto: nil),
            Case(
                mode: .grid, opensCompare: false, presenter: "GridPresenter", thumbnailsOnly: false, tracesRow: false,
                leadingPhoto: nil),
            Case(
                mode: .bounded, opensCompare: true, presenter: "ComparePresenter", thumbnailsOnly: false,
                tracesRow: false, leadingPhoto: PhotoID(0)),
        ]

        @Test(
            "Each screen gets its own presenter: only the wheel lays out rows and traces a row, only compare names two photos",
            arguments: cases)
        func shownScreenPicksItsPresenter(_ test: Case) throws {
            try SDLTestSession.start()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let thumbnailWorker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnailWorker.shutdown()
            }
            let renderer = try Renderer(target: try Surface(width: 640, height: 360, opaque: true))
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 12), mode: test.mode, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnailWorker)
            if test.opensCompare { gallery.perform(.compare(.toggle), at: 0.1) }
            #expect((gallery.model.compare != nil) == test.opensCompare)
            let presenter = gallery.shownPresenter
            #expect(String(describing: type(of: presenter)) == test.presenter)
            #expect(presenter.showsThumbnailsOnly == test.thumbnailsOnly)
            #expect(!gallery.sceneLayout(gallery.overlayState).wheelRows.isEmpty == test.thumbnailsOnly)
            let record = gallery.traceRecord(time: 0.2, frameMilliseconds: 0, events: [])
            #expect((record.row != nil) == test.tracesRow)
            let frame = gallery.frameContext
            #expect(presenter.wantDecodes(with: gallery.drawing, in: frame)?.leading == test.leadingPhoto)
            // Only the compare screen names a second photo and places its photos in the model.
            #expect(presenter.secondName(in: frame).isEmpty == !test.opensCompare)
            #expect(presenter.placedFrames(in: frame).isEmpty == !test.opensCompare)
        }
    }
}
