import PagerEngine
import Testing

@testable import GalleryCore

@Suite("Fit modes")
struct FitModeTests {
    /// A photo fitted at `width` × `height` in a 400×300 window, its own pixels 4000 wide.
    static func fit(_ width: Double, _ height: Double) -> PhotoZoom {
        PhotoZoom(fittedWidth: width, fittedHeight: height, viewportWidth: 400, viewportHeight: 300, imageWidth: 4000)
    }

    @Test(
        "width spans the window, fill covers it, both from fit; a photo that already spans stays at fit",
        arguments: [
            (100.0, 300.0, FitMode.width, 4.0), (100, 300, .fill, 4), (400, 100, .width, 1), (400, 100, .fill, 3),
            (200, 150, .width, 2), (200, 150, .fill, 2), (100, 300, .fit, 1),
        ])
    func scales(width: Double, height: Double, mode: FitMode, scale: Double) {
        let zoom = mode.zoom(of: Self.fit(width, height))
        #expect(abs(zoom.scale - scale) < 1e-9)
    }

    @Test("width shows the photo's top at the window's top; fill is centred")
    func placement() {
        let width = FitMode.width.zoom(of: Self.fit(100, 300))
        let frame = width.drawnFrame(inSlotX: 0, y: 0, width: 400, height: 300)
        #expect(abs(frame.top) < 1e-9 && abs(frame.width - 400) < 1e-9)
        let fill = FitMode.fill.zoom(of: Self.fit(400, 100))
        #expect(fill.panX == 0 && fill.panY == 0)
    }

    @Test("e cycles fit → width → fill → fit")
    func cycle() {
        #expect(FitMode.fit.next == .width && FitMode.width.next == .fill && FitMode.fill.next == .fit)
    }
}
