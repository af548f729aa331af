import Gallery
import Imaging
import Testing

extension SDLSerializedTests {
    /// Runs on SDL's dummy video driver (set by `SDLTestSession`): real windows without a display.
    @Suite @MainActor struct WindowTests {
        init() throws {
            try SDLTestSession.start()
        }

        @Test func windowReportsItsGeometryAndTitle() throws {
            let window = try Window(title: "gallery test", width: 320, height: 200, hidden: true)
            #expect(window.size == PixelSize(width: 320, height: 200))
            #expect(window.drawableSize == window.size)
            #expect(window.title == "gallery test")
            #expect(window.id != 0)
            #expect(!window.isShown)

            window.title = "Photo 3 of 12"
            window.show()
            #expect(window.title == "Photo 3 of 12")
            #expect(window.isShown)
        }

        @Test func softwareRendererDrawsIntoTheWindow() throws {
            let window = try Window(title: "renderer test", width: 96, height: 64, hidden: true)
            let renderer = try Renderer(window: window, software: true, vsync: false)
            #expect(try renderer.outputSize == window.drawableSize)
            try renderer.setDrawColor(RGBA(r: 7, g: 77, b: 177))
            try renderer.clear()
            #expect(try renderer.readPixels().pixel(x: 95, y: 63) == RGBA(r: 7, g: 77, b: 177))
            renderer.present()
        }
    }
}
