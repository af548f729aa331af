import PagerEngine
import Testing

@Suite("Photo zoom")
struct PhotoZoomTests {
    /// A 1248×832 fit of a 6000×4000 photo in a 1280×720 viewport... height-limited: 1080×720 here.
    static let fit = PhotoZoom(
        fittedWidth: 1080, fittedHeight: 720, viewportWidth: 1280, viewportHeight: 720, imageWidth: 6000)

    /// The photo point (scale-1 coordinates from the photo's centre) under a viewport point.
    static func photoPoint(_ zoom: PhotoZoom, x: Double, y: Double) -> (Double, Double) {
        ((x - 640 - zoom.panX) / zoom.scale, (y - 360 - zoom.panY) / zoom.scale)
    }

    @Test(
        "Zooming at a point keeps the photo point under it, to 1e-6",
        arguments: [
            (2.0, 640.0, 360.0), (3.0, 700.0, 400.0), (4.5, 900.0, 200.0), (1.7, 600.0, 330.0),
        ])
    func focalPoint(scale: Double, x: Double, y: Double) {
        let zoomed = Self.fit.zoomed(to: 2, atX: 640, y: 360).zoomed(to: scale, atX: x, y: y)
        let before = Self.photoPoint(Self.fit.zoomed(to: 2, atX: 640, y: 360), x: x, y: y)
        let after = Self.photoPoint(zoomed, x: x, y: y)
        #expect(abs(before.0 - after.0) < 1e-6 && abs(before.1 - after.1) < 1e-6)
        #expect(zoomed.scale == scale)
    }

    @Test("The scale clamps to fit … 800 % of the image's pixels; 100 % is one image pixel per screen pixel")
    func limits() {
        #expect(Self.fit.zoomed(to: 0.2, atX: 0, y: 0).scale == 1)
        #expect(Self.fit.zoomed(to: 1000, atX: 0, y: 0).scale == Self.fit.maxScale)
        #expect(abs(Self.fit.actualSizeScale * 1080 - 6000) < 1e-9)
        #expect(!Self.fit.isZoomed && Self.fit.zoomed(to: 1.5, atX: 640, y: 360).isZoomed)
    }

    @Test("A photo smaller than its fit zooms down to 100 % of its own pixels, and no further")
    func smallPhotoLimits() {
        // 02-coffee, 600×400, fitted up to 1032×688 in 1280×720.
        let small = PhotoZoom(
            fittedWidth: 1032, fittedHeight: 688, viewportWidth: 1280, viewportHeight: 720, imageWidth: 600)
        #expect(abs(small.actualSizeScale - 600.0 / 1032) < 1e-12)
        #expect(small.minScale == small.actualSizeScale)
        let actual = small.zoomed(to: small.actualSizeScale, atX: 640, y: 360)
        #expect(actual.scale == small.actualSizeScale && actual.isZoomed)
        #expect(abs(actual.imageScale - 1) < 1e-12)
        #expect(small.zoomed(to: 0.1, atX: 640, y: 360).scale == small.actualSizeScale)
        #expect(abs(small.maxScale - 8 * 600.0 / 1032) < 1e-12)
        #expect(actual.panLimitX == 0 && actual.panX == 0)  // Narrower than the viewport: centred.
        let animation = ZoomAnimation(from: small, to: small.actualSizeScale, atX: 640, y: 360, time: 0)
        #expect(animation.zoom(at: 10).scale == small.actualSizeScale)
    }

    @Test("Pan bounds keep a zoomed photo covering the viewport; a narrower photo stays centred")
    func panBounds() {
        let zoomed = Self.fit.zoomed(to: 2, atX: 0, y: 0)
        #expect(zoomed.panLimitX == (2160 - 1280) / 2)
        #expect(zoomed.panLimitY == (1440 - 720) / 2)
        #expect(zoomed.panX == zoomed.panLimitX && zoomed.panY == zoomed.panLimitY)  // Zoomed at the corner.
        let slightly = Self.fit.zoomed(to: 1.1, atX: 0, y: 360)
        #expect(slightly.panLimitX == 0 && slightly.panX == 0)  // 1188 px wide: still narrower than 1280.
    }

    @Test("A drag pans 1:1; past the top or bottom it rubber-bands; past a side the rest goes to the pager")
    func dragAndHandOver() {
        let zoomed = Self.fit.zoomed(to: 2, atX: 640, y: 360)
        var raw = zoomed.panY
        let moved = zoomed.dragged(byX: -100, y: 50, rawPanY: &raw)
        #expect(moved.zoom.panX == -100 && moved.zoom.panY == 50 && moved.handOver == 0)
        // 440 px of room to the left edge: a 500 px drag hands 60 px over.
        let edge = zoomed.dragged(byX: -500, y: 0, rawPanY: &raw)
        #expect(edge.zoom.panX == -440)
        #expect(edge.handOver == -60)
        // 360 px of room vertically, then UIKit's band: 100 px more shows 100·c·d/(d + c·100).
        var rawY = 0.0
        let pulled = zoomed.dragged(byX: 0, y: 460, rawPanY: &rawY)
        let band = 0.55 * 100 * 720 / (720 + 0.55 * 100)
        #expect(abs(pulled.zoom.panY - (360 + band)) < 1e-9)
        #expect(rawY == 460)
    }

    @Test(
        "Animations and glides are closed form: 30, 60, 144 and 240 Hz show the same positions",
        arguments: [30.0, 60, 144, 240])
    func frameRateIndependent(rate: Double) {
        let zoomed = Self.fit.zoomed(to: 3, atX: 640, y: 360)
        let animation = ZoomAnimation(from: Self.fit, to: Self.fit.actualSizeScale, atX: 300, y: 200, time: 1)
        let glide = PanGlide(from: zoomed, velocityX: 1500, velocityY: -800, time: 1)
        var t = 1.0
        var last = (animation.zoom(at: 1), glide.zoom(at: 1))
        while t < 5 {
            t += 1 / rate
            last = (animation.zoom(at: t), glide.zoom(at: t))
        }
        #expect(animation.isDone(at: t) && glide.isDone(at: t))
        #expect(abs(last.0.scale - Self.fit.actualSizeScale) < 1e-3)
        // Both end where a single evaluation at the end says: no accumulated state.
        #expect(last.1 == glide.zoom(at: t))
        #expect(abs(last.1.panX) <= zoomed.panLimitX && abs(last.1.panY) <= zoomed.panLimitY)
        let point = Self.photoPoint(animation.zoom(at: 1.05), x: 300, y: 200)
        let start = Self.photoPoint(Self.fit, x: 300, y: 200)
        #expect(
            abs(point.0 - start.0) < 1e-6
                || animation.zoom(at: 1.05).panX.magnitude == animation.zoom(at: 1.05).panLimitX)
    }

    @Test("A stretched rubber band springs back to the edge")
    func springBack() {
        let zoomed = Self.fit.zoomed(to: 2, atX: 640, y: 360)
        var raw = 0.0
        let pulled = zoomed.dragged(byX: 0, y: 500, rawPanY: &raw).zoom
        let glide = PanGlide(from: pulled, velocityX: 0, velocityY: 0, time: 0)
        #expect(glide.zoom(at: 0.05).panY < pulled.panY)
        #expect(abs(glide.zoom(at: 3).panY - zoomed.panLimitY) < 0.5)
        #expect(glide.isDone(at: 3))
    }

    @Test("Refitted to a smaller fit, a zoom keeps its share of the photo's pixels and its pan within the new bounds")
    func refitted() {
        let zoom = PhotoZoom(
            fittedWidth: 1000, fittedHeight: 500, viewportWidth: 1200, viewportHeight: 700, imageWidth: 4000
        ).zoomed(to: 2, atX: 1100, y: 650)
        let refit = zoom.refitted(fittedWidth: 800, fittedHeight: 400)
        #expect(abs(refit.imageScale - zoom.imageScale) < 1e-12)
        #expect(abs(refit.scale - 2.5) < 1e-12)
        #expect(abs(refit.panX) <= refit.panLimitX && abs(refit.panY) <= refit.panLimitY)
        // At 100 % of a photo smaller than its fit: still 100 % of the new fit's measure.
        let small = PhotoZoom(
            fittedWidth: 1032, fittedHeight: 688, viewportWidth: 1280, viewportHeight: 720, imageWidth: 600)
        let actual = small.zoomed(to: small.actualSizeScale, atX: 640, y: 360)
        let smaller = actual.refitted(fittedWidth: 987, fittedHeight: 658)
        #expect(abs(smaller.scale - 600.0 / 987) < 1e-12)
        #expect(smaller.isZoomed)
    }

    /// The picture is scaled about its slot's centre, then panned: wherever the slot is, the point zoomed at stays put.
    @Test(
        "Where the zoomed picture is drawn in a slot",
        arguments: [
            // Fit, in a slot at the origin: centred, 100 px either side.
            (1.0, 0.0, 0.0, 100.0, 0.0, 1080.0, 720.0),
            // Doubled at the centre: the picture's centre stays at the slot's (640, 360).
            (2.0, 640.0, 360.0, -440.0, -360.0, 2160.0, 1440.0),
            // Doubled at a point off centre: that point stays where it was (300, 200 from the picture's corner).
            (2.0, 400.0, 200.0, -200.0, -200.0, 2160.0, 1440.0),
        ])
    func drawnFrame(scale: Double, x: Double, y: Double, left: Double, top: Double, width: Double, height: Double) {
        let zoom = Self.fit.zoomed(to: scale, atX: x, y: y)
        for slotX in [0.0, 1280.0] {
            let frame = zoom.drawnFrame(inSlotX: slotX, y: 0, width: 1280, height: 720)
            #expect(abs(frame.left - (slotX + left)) < 1e-9 && abs(frame.top - top) < 1e-9)
            #expect(frame.width == width && frame.height == height)
        }
    }
}
