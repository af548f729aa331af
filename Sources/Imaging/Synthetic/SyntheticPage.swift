/// A generated page for tests and benchmarks: its own colour, a framed edge, its number large in the middle and a
/// position marker showing where it sits among all pages.
///
/// Drawn with filled rectangles only (no fonts: FreeType is not thread-safe), so it is cheap, thread-safe and the same
/// pixels every time.
package struct SyntheticPage {
    /// The page's size before fitting (4:3, like a typical photo).
    static let naturalSize = PixelSize(width: 1600, height: 1200)
    /// Hue step between consecutive pages: the golden angle, so neighbours always differ strongly and no two pages
    /// out of the first few hundred share a hue closely.
    private static let hueStepDegrees = 137.507_764

    /// Zero-based page index; the page shows `index + 1`.
    let index: Int
    /// Number of pages in the set.
    let count: Int

    /// Page `index` (zero-based) of `count`.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The page drawn at the size `naturalSize` fits to inside `box`.
    package func render(fitting box: PixelSize) throws(PixelBufferError) -> PixelBuffer {
        let size = SyntheticPage.naturalSize.fitted(inside: box)
        let page = try PixelBuffer(width: size.width, height: size.height, format: .xrgb8888)
        let hue = (Double(index) * SyntheticPage.hueStepDegrees).truncatingRemainder(dividingBy: 360)
        let background = SyntheticPage.color(hue: hue, saturation: 0.5, value: 0.85)
        let frame = SyntheticPage.color(hue: hue, saturation: 0.7, value: 0.3)

        // Frame: a dark band, then a thin white rule, so page edges stand out in shots against any neighbour.
        let band = max(2, min(size.width, size.height) / 40)
        let rule = max(1, band / 3)
        let whole = PixelRect(size: size)
        page.fill(nil, color: frame)
        page.fill(whole.inset(by: band), color: .white)
        let inside = whole.inset(by: band + rule)
        page.fill(inside, color: background)

        // Position marker: a track along the bottom with the page's share of it highlighted.
        let track = PixelRect(
            x: inside.x + band, y: inside.y + inside.height - 2 * band,
            width: max(inside.width - 2 * band, 0), height: band)
        let markerWidth = max(track.width / count, 1)
        page.fill(track, color: frame)
        page.fill(
            PixelRect(
                x: track.x + track.width * index / count, y: track.y, width: markerWidth,
                height: track.height), color: .white)

        drawNumber(on: page, inside: inside, background: background)
        return page
    }

    /// Draws `index + 1` centred in `area`, as large as fits (digits 2/5 of the height, at most 4/5 of the width),
    /// in black or white, whichever contrasts with `background`, over a drop shadow in the other.
    private func drawNumber(on page: PixelBuffer, inside area: PixelRect, background: RGBA) {
        let number = index + 1
        let digitCount = String(number).count
        var digitHeight = max(area.height * 2 / 5, 5)
        var digitSize = PixelSize(width: digitHeight * 11 / 20, height: digitHeight)
        var gap = digitSize.width / 4
        let widthLimit = max(area.width * 4 / 5, 1)
        let naturalWidth = SevenSegmentDigits.width(ofDigits: digitCount, digitSize: digitSize, gap: gap)
        if naturalWidth > widthLimit {
            digitHeight = max(digitHeight * widthLimit / naturalWidth, 5)
            digitSize = PixelSize(width: digitHeight * 11 / 20, height: digitHeight)
            gap = digitSize.width / 4
        }
        let thickness = max(digitSize.width / 4, 1)
        let numberSize = PixelSize(
            width: SevenSegmentDigits.width(ofDigits: digitCount, digitSize: digitSize, gap: gap),
            height: digitSize.height)
        let origin = area.centring(numberSize)
        let shadowOffset = max(thickness / 3, 1)

        // Rec. 601 luma decides the ink: dark text on light pages, light text on dark ones.
        let luma = (299 * Int(background.r) + 587 * Int(background.g) + 114 * Int(background.b)) / 1000
        let ink: RGBA = luma > 150 ? .black : .white
        let shadow: RGBA = luma > 150 ? .white : .black

        let shadowRects = SevenSegmentDigits.rects(
            for: number, origin: PixelPoint(x: origin.x + shadowOffset, y: origin.y + shadowOffset),
            digitSize: digitSize, gap: gap, thickness: thickness)
        page.fill(rects: shadowRects, color: shadow)
        let inkRects = SevenSegmentDigits.rects(
            for: number, origin: PixelPoint(x: origin.x, y: origin.y),
            digitSize: digitSize, gap: gap, thickness: thickness)
        page.fill(rects: inkRects, color: ink)
    }

    /// An opaque colour from hue (degrees), saturation and value (0…1).
    private static func color(hue: Double, saturation: Double, value: Double) -> RGBA {
        let sector = hue / 60
        let chroma = value * saturation
        let secondary = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) =
            switch Int(sector) {
            case 0: (chroma, secondary, 0)
            case 1: (secondary, chroma, 0)
            case 2: (0, chroma, secondary)
            case 3: (0, secondary, chroma)
            case 4: (secondary, 0, chroma)
            default: (chroma, 0, secondary)
            }
        let lift = value - chroma
        func channel(_ component: Double) -> UInt8 { UInt8(((component + lift) * 255).rounded()) }
        return RGBA(r: channel(red), g: channel(green), b: channel(blue))
    }
}
