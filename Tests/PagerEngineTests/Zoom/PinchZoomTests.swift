import PagerEngine
import Testing

/// A pinch: the photo point under the fingers' first centre stays under their centre, the scale follows the spread
/// within the limits and stretches like a rubber band past them, and a release settles within them.
@Suite("Pinch zoom")
struct PinchZoomTests {
    /// A 1080×720 fit of a 6000×4000 photo in a 1280×720 viewport: 100 % at 5.56×, 800 % at 44.4×.
    static let fit = PhotoZoom(
        fittedWidth: 1080, fittedHeight: 720, viewportWidth: 1280, viewportHeight: 720, imageWidth: 6000)

    /// The photo point (scale-1 coordinates from the photo's centre) under a viewport point.
    static func photoPoint(_ zoom: PhotoZoom, x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - 640 - zoom.panX) / zoom.scale, (y - 360 - zoom.panY) / zoom.scale)
    }

    @Test(
        "Within the limits the scale follows the spread 1:1 and the photo point stays under the moving centre",
        arguments: [
            (1.5, 0.0, 0.0), (2.0, 40.0, -20.0), (3.0, -100.0, 50.0), (1.2, 10.0, 10.0),
        ])
    func followsTheFingers(spread: Double, dx: Double, dy: Double) {
        let start = Self.fit.zoomed(to: 2, atX: 640, y: 360)
        let pinch = PinchZoom(start: start, centreX: 700, centreY: 400)
        let zoom = pinch.zoom(spread: spread, dx: dx, dy: dy)
        #expect(abs(zoom.scale - 2 * spread) < 1e-9)
        let before = Self.photoPoint(start, x: 700, y: 400)
        let after = Self.photoPoint(zoom, x: 700 + dx, y: 400 + dy)
        #expect(abs(before.x - after.x) < 1e-6 && abs(before.y - after.y) < 1e-6)
    }

    @Test("Past 800 % and below fit the scale stretches, ever more slowly, never beyond twice or half the limit")
    func rubberBandsPastTheLimits() {
        let pinch = PinchZoom(start: Self.fit, centreX: 640, centreY: 360)
        let max = Self.fit.maxScale
        var last = max
        for spread in [max * 1.1, max * 1.5, max * 3, max * 10, max * 1e6] {
            let scale = pinch.zoom(spread: spread, dx: 0, dy: 0).scale
            #expect(scale > last && scale < max * PinchZoom.bandReach, "\(spread): \(scale)")
            #expect(scale < spread, "stretched less than pinched")
            last = scale
        }
        last = 1
        for spread in [0.9, 0.6, 0.3, 0.01] {
            let scale = pinch.zoom(spread: spread, dx: 0, dy: 0).scale
            #expect(scale < last && scale > 1 / PinchZoom.bandReach, "\(spread): \(scale)")
            #expect(scale > spread, "shrunk less than pinched")
            last = scale
        }
    }

    @Test("Hostile spreads and movements leave the zoom finite", arguments: [0.0, -1.0, .nan, .infinity, 1e300])
    func hostileValues(spread: Double) {
        let zoom = PinchZoom(start: Self.fit, centreX: 640, centreY: 360).zoom(spread: spread, dx: .nan, dy: .infinity)
        #expect(zoom.scale.isFinite && zoom.panX.isFinite && zoom.panY.isFinite)
    }

    @Test("A release settles within the limits: the scale and the pan within their bounds")
    func settlesWithinTheLimits() {
        let pinch = PinchZoom(start: Self.fit, centreX: 640, centreY: 360)
        for (spread, dx) in [(0.5, 300.0), (100.0, -200.0), (3.0, 900.0)] {
            let stretched = pinch.zoom(spread: spread, dx: dx, dy: 0)
            let settled = PinchZoom.settled(stretched, atX: 640 + dx, y: 360)
            #expect(settled.scale >= settled.minScale && settled.scale <= settled.maxScale)
            #expect(abs(settled.panX) <= settled.panLimitX + 1e-9 && abs(settled.panY) <= settled.panLimitY + 1e-9)
            #expect(settled == settled.clamped(), "already within its bounds")
        }
    }
}
