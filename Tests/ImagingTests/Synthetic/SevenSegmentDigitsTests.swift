import Testing

@testable import Imaging

@Suite struct SevenSegmentDigitsTests {
    static let digitSize = PixelSize(width: 22, height: 40)
    static let origin = PixelPoint(x: 5, y: 9)

    /// Segments per digit in the usual seven-segment glyphs (0 and 6 and 9 have six, 1 two, 7 three, 8 seven…).
    @Test(arguments: [
        (0, 6), (1, 2), (2, 5), (3, 5), (4, 4), (5, 5), (6, 6), (7, 3), (8, 7), (9, 6), (10, 8), (1234, 16),
    ])
    func segmentCountsMatchTheGlyphs(number: Int, segments: Int) {
        let rects = SevenSegmentDigits.rects(
            for: number, origin: Self.origin, digitSize: Self.digitSize, gap: 6, thickness: 4)
        #expect(rects.count == segments)
    }

    @Test(arguments: [0, 8, 47, 2_025])
    func segmentsStayInsideTheirDigitCells(number: Int) {
        let gap = 6
        let digitCount = String(number).count
        let width = SevenSegmentDigits.width(ofDigits: digitCount, digitSize: Self.digitSize, gap: gap)
        #expect(width == digitCount * Self.digitSize.width + (digitCount - 1) * gap)
        let rects = SevenSegmentDigits.rects(
            for: number, origin: Self.origin, digitSize: Self.digitSize, gap: gap, thickness: 4)
        for rect in rects {
            let cell = (rect.x - Self.origin.x) / (Self.digitSize.width + gap)
            let cellLeft = Self.origin.x + cell * (Self.digitSize.width + gap)
            #expect(rect.x >= cellLeft && rect.x + rect.width <= cellLeft + Self.digitSize.width)
            #expect(rect.y >= Self.origin.y && rect.y + rect.height <= Self.origin.y + Self.digitSize.height)
        }
    }

    /// A "1" lights only the right-hand column; an "8" covers every edge of the cell.
    @Test func oneIsTheRightColumnAndEightFillsTheOutline() {
        let one = SevenSegmentDigits.rects(for: 1, origin: Self.origin, digitSize: Self.digitSize, gap: 0, thickness: 4)
        #expect(one.allSatisfy { $0.x == Self.origin.x + Self.digitSize.width - 4 && $0.width == 4 })
        let eight = SevenSegmentDigits.rects(
            for: 8, origin: Self.origin, digitSize: Self.digitSize, gap: 0, thickness: 4)
        let corners = [
            PixelPoint(x: 5, y: 9), PixelPoint(x: 26, y: 9), PixelPoint(x: 5, y: 48), PixelPoint(x: 26, y: 48),
        ]
        for corner in corners {
            #expect(eight.contains { $0.contains(corner) }, "corner \(corner.x), \(corner.y)")
        }
        let hole = PixelPoint(x: 15, y: 18)
        #expect(!eight.contains { $0.contains(hole) })
    }
}
