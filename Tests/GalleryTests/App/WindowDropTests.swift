import CSDL2
import GalleryCore
import GalleryScene
import Imaging
import PagerEngine
import Testing

@testable import Gallery

extension SDLSerializedTests {
    /// Drag and drop onto the window (SDL's dummy video driver): the paths SDL reports are collected for the loop.
    @Suite @MainActor struct WindowDropTests {
        init() throws {
            try SDLTestSession.start()
        }

        /// A hidden window (SDL's dummy driver) and a gallery of two generated pages in it.
        static func window() throws -> (Window, GalleryController, DecodeWorker) {
            let window = try Window(title: "input test", width: 64, height: 48, hidden: true)
            let renderer = try Renderer(window: window, software: true, vsync: false)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 2), mode: .bounded, renderer: renderer, worker: worker,
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil))
            return (window, gallery, worker)
        }

        @Test func droppedFilesAndFoldersAreCollectedInOrder() throws {
            let (window, gallery, worker) = try Self.window()
            defer { worker.shutdown() }
            var input = WindowInput(window: window)
            for path in ["/photos/a b.jpg", "/photos/trip"] {
                var event = SDL_Event()
                event.type = SDL_DROPFILE.rawValue
                event.drop.file = SDL_strdup(path)  // SDL hands over a string the receiver frees
                input.handle(event, gallery: gallery, clock: PerformanceClock())
            }
            #expect(input.droppedPaths == ["/photos/a b.jpg", "/photos/trip"])
            #expect(!input.quit)
        }

        /// A pointer hovering over the window with no button held wakes nothing: SDL queues motion only during a
        /// left-button drag (hovering cost 3.7–4.3 % CPU, every motion event running the loop for nothing).
        @Test func motionIsQueuedOnlyWhileTheLeftButtonIsHeld() throws {
            let (window, gallery, worker) = try Self.window()
            defer { worker.shutdown() }
            defer { WindowInput.queueMotion(true) }
            var input = WindowInput(window: window)
            #expect(!WindowInput.queuesMotion)
            func button(_ type: SDL_EventType) {
                var event = SDL_Event()
                event.type = type.rawValue
                event.button.button = UInt8(SDL_BUTTON_LEFT)
                event.button.x = 30
                event.button.y = 20
                input.handle(event, gallery: gallery, clock: PerformanceClock())
            }
            button(SDL_MOUSEBUTTONDOWN)
            #expect(WindowInput.queuesMotion)
            button(SDL_MOUSEBUTTONUP)
            #expect(!WindowInput.queuesMotion)
        }
    }
}
