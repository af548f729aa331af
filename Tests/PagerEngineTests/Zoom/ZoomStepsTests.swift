import PagerEngine
import Testing

@Suite("Zoom steps: nsxiv's levels and the fit")
struct ZoomStepsTests {
    /// The percentages of the photo's own pixels that `+` (or `-`) pressed again and again passes through from fit.
    static func percents(_ start: PhotoZoom, inward: Bool, presses: Int) -> [Int] {
        var zoom = start
        var shown: [Int] = []
        for _ in 0..<presses {
            zoom = zoom.zoomed(to: ZoomSteps.next(from: zoom, inward: inward), atX: 640, y: 360)
            shown.append(Int((zoom.imageScale * 100).rounded()))
        }
        return shown
    }

    /// A 6000×4000 photo fitted to 1080×720 (18 %).
    static let large = PhotoZoom(
        fittedWidth: 1080, fittedHeight: 720, viewportWidth: 1280, viewportHeight: 720, imageWidth: 6000)
    /// A 600×400 photo fitted up to 1032×688 (172 %).
    static let small = PhotoZoom(
        fittedWidth: 1032, fittedHeight: 688, viewportWidth: 1280, viewportHeight: 720, imageWidth: 600)

    @Test("+ from fit climbs nsxiv's levels to 800 %, and - comes back down them to the fit")
    func largePhoto() {
        let inward = Self.percents(Self.large, inward: true, presses: 9)
        #expect(inward == [25, 50, 75, 100, 150, 200, 400, 800, 800])
        let top = Self.large.zoomed(to: Self.large.maxScale, atX: 640, y: 360)
        let outward = Self.percents(top, inward: false, presses: 9)
        #expect(outward == [400, 200, 150, 100, 75, 50, 25, 18, 18])
    }

    @Test("A photo smaller than its fit stops at its fit on the way, and - ends at 100 %")
    func smallPhoto() {
        #expect(Self.percents(Self.small, inward: true, presses: 5) == [200, 400, 800, 800, 800])
        #expect(Self.percents(Self.small, inward: false, presses: 3) == [150, 100, 100])
        let atHundred = Self.small.zoomed(to: Self.small.actualSizeScale, atX: 640, y: 360)
        #expect(Self.percents(atHundred, inward: true, presses: 2) == [150, 172])
    }

    @Test("From between two steps, a step goes to the nearer one that way", arguments: [true, false])
    func fromBetweenSteps(inward: Bool) {
        // 102 % of the photo's own pixels, between 100 and 150.
        let between = Self.large.zoomed(to: 1.02 * Self.large.actualSizeScale, atX: 640, y: 360)
        let next = between.zoomed(to: ZoomSteps.next(from: between, inward: inward), atX: 640, y: 360)
        #expect(abs(next.imageScale - (inward ? 1.5 : 1)) < 1e-9)
    }
}
