import Testing

@testable import ImageDecoders
@testable import Imaging

@Suite struct SyntheticPageTests {
    static let box = PixelSize(width: 320, height: 200)

    @Test(arguments: [0, 7, 123])
    func sameIndexGivesTheSamePixels(index: Int) throws {
        let first = try ImageDecoder().decode(.synthetic(index: index, count: 200), fitting: Self.box)
        let second = try ImageDecoder().decode(.synthetic(index: index, count: 200), fitting: Self.box)
        #expect(first.size == second.size)
        #expect(Self.differingPixels(first, second) == 0)
    }

    @Test(arguments: [
        PixelSize(width: 320, height: 200), PixelSize(width: 1920, height: 1080),
        PixelSize(width: 90, height: 400), PixelSize(width: 3, height: 3),
    ])
    func pageIsTheFourByThreeNaturalSizeFitted(box: PixelSize) throws {
        let page = try ImageDecoder().decode(.synthetic(index: 4, count: 10), fitting: box)
        #expect(page.size == PixelSize(width: 1600, height: 1200).fitted(inside: box))
        #expect(page.hasStandardFormat)
        #expect(page.isOpaque)
    }

    /// Neighbouring pages, and all of the first dozen, have different background colours (sampled left of the
    /// number), and the border differs from the background.
    @Test func pagesDifferByIndex() throws {
        let pages = try (0..<12).map {
            try ImageDecoder().decode(.synthetic(index: $0, count: 12), fitting: Self.box)
        }
        let backgrounds = pages.map { $0.pixel(x: $0.width / 8, y: $0.height / 3) }
        #expect(Set(backgrounds).count == pages.count)
        for page in pages {
            #expect(page.pixel(x: 0, y: 0) != page.pixel(x: page.width / 8, y: page.height / 3))
            #expect(page.pixel(x: page.width - 1, y: page.height - 1) == page.pixel(x: 0, y: 0))
        }
        for (left, right) in zip(pages, pages.dropFirst()) {
            #expect(Self.differingPixels(left, right) > left.width * left.height / 2)
        }
    }

    /// The number is drawn in the middle: the central band has pixels unlike the background, the top band none.
    @Test(arguments: [0, 41, 998])
    func numberIsDrawnInTheMiddle(index: Int) throws {
        let page = try ImageDecoder().decode(.synthetic(index: index, count: 1000), fitting: Self.box)
        let background = page.pixel(x: page.width / 8, y: page.height / 3)
        let centre = (page.width / 4..<page.width * 3 / 4).filter {
            page.pixel(x: $0, y: page.height / 2) != background
        }
        let top = (page.width / 4..<page.width * 3 / 4).filter {
            page.pixel(x: $0, y: page.height / 5) != background
        }
        #expect(!centre.isEmpty)
        #expect(top.isEmpty)
    }

    @Test(arguments: [(-1, 5), (5, 5), (0, 0)])
    func indexOutsideTheCountFails(index: Int, count: Int) {
        let failure = #expect(throws: DecodeFailure.self) {
            try ImageDecoder().decode(.synthetic(index: index, count: count), fitting: Self.box)
        }
        #expect(failure?.reason == .invalidSyntheticPage(index: index, count: count))
    }

    /// Number of positions where two equally sized surfaces differ.
    static func differingPixels(_ left: DecodedPicture, _ right: DecodedPicture) -> Int {
        var count = 0
        for y in 0..<left.height {
            for x in 0..<left.width where left.pixel(x: x, y: y) != right.pixel(x: x, y: y) {
                count += 1
            }
        }
        return count
    }
}
