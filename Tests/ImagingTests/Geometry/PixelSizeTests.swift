import Imaging
import Testing

@Suite struct PixelSizeTests {
    /// Contents and boxes covering wide, tall, square, equal-aspect, upscaling, tiny and degenerate cases.
    static let cases: [(content: PixelSize, box: PixelSize)] = [
        (PixelSize(width: 1600, height: 1200), PixelSize(width: 1280, height: 720)),
        (PixelSize(width: 1600, height: 1200), PixelSize(width: 800, height: 600)),
        (PixelSize(width: 600, height: 400), PixelSize(width: 300, height: 500)),
        (PixelSize(width: 451, height: 300), PixelSize(width: 1920, height: 1080)),
        (PixelSize(width: 550, height: 660), PixelSize(width: 1280, height: 720)),
        (PixelSize(width: 512, height: 512), PixelSize(width: 333, height: 777)),
        (PixelSize(width: 10_000, height: 3), PixelSize(width: 640, height: 480)),
        (PixelSize(width: 3, height: 10_000), PixelSize(width: 640, height: 480)),
        (PixelSize(width: 7, height: 5), PixelSize(width: 1, height: 1)),
        (PixelSize(width: 0, height: 0), PixelSize(width: 100, height: 50)),
        (PixelSize(width: 400, height: 300), PixelSize(width: 0, height: -4)),
    ]

    @Test(arguments: cases)
    func fittedSizeKeepsAspectInsideTheBox(content: PixelSize, box: PixelSize) {
        let fitted = content.fitted(inside: box)
        let boxWidth = max(box.width, 1)
        let boxHeight = max(box.height, 1)
        let width = Double(max(content.width, 1))
        let height = Double(max(content.height, 1))
        let scale = min(Double(boxWidth) / width, Double(boxHeight) / height)

        #expect(fitted.width >= 1 && fitted.height >= 1)
        #expect(fitted.width <= boxWidth && fitted.height <= boxHeight)
        // One side touches the box; the other is the ideal scaled length rounded to nearest (never below 1).
        #expect(fitted.width == boxWidth || fitted.height == boxHeight)
        #expect(abs(Double(fitted.width) - max(width * scale, 1)) <= 0.5 + 1e-9)
        #expect(abs(Double(fitted.height) - max(height * scale, 1)) <= 0.5 + 1e-9)
    }

    @Test(arguments: [
        // Hand-computed from the 4:3 synthetic page and common windows.
        (PixelSize(width: 1600, height: 1200), PixelSize(width: 1280, height: 720), PixelSize(width: 960, height: 720)),
        (PixelSize(width: 1600, height: 1200), PixelSize(width: 640, height: 480), PixelSize(width: 640, height: 480)),
        (PixelSize(width: 1600, height: 1200), PixelSize(width: 800, height: 800), PixelSize(width: 800, height: 600)),
        (PixelSize(width: 600, height: 400), PixelSize(width: 1000, height: 1000), PixelSize(width: 1000, height: 667)),
    ])
    func fittedSizeMatchesHandComputedValues(content: PixelSize, box: PixelSize, expected: PixelSize) {
        #expect(content.fitted(inside: box) == expected)
    }
}
