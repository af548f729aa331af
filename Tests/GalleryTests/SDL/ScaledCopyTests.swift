import Imaging
import Testing

@testable import Gallery

@Suite("A scaled copy cut to the output")
struct ScaledCopyTests {
    static let output = PixelRect(x: 0, y: 0, width: 1384, height: 1100)

    @Test("a copy within the output is left whole; one wholly outside draws nothing")
    func insideAndOutside() {
        let source = PixelRect(x: 0, y: 0, width: 100, height: 50)
        let inside = PixelRect(x: 10, y: 10, width: 400, height: 200)
        #expect(
            ScaledCopy.visiblePart(of: source, in: inside, within: Self.output)
                == ScaledCopy(source: source, destination: inside))
        #expect(
            ScaledCopy.visiblePart(
                of: source, in: PixelRect(x: 2000, y: 0, width: 400, height: 200),
                within: Self.output) == nil)
    }

    @Test(
        "zoomed 8×, only the source pixels on screen are copied, each still 8 pixels wide and where it was",
        arguments: [(0, 0), (-4321, -3210), (-10_000, -7_000), (-3, -5)])
    func zoomedEightTimes(x: Int, y: Int) throws {
        let source = PixelRect(x: 0, y: 0, width: 1352, height: 1014)
        let destination = PixelRect(x: x, y: y, width: 1352 * 8, height: 1014 * 8)
        let copy = try #require(ScaledCopy.visiblePart(of: source, in: destination, within: Self.output))
        // At most the output plus one source pixel on each side.
        #expect(copy.destination.width <= Self.output.width + 16)
        #expect(copy.destination.height <= Self.output.height + 16)
        #expect(copy.destination.width == copy.source.width * 8)
        #expect(copy.destination.height == copy.source.height * 8)
        // It covers the output (where the photo does), and each source pixel lands where the whole copy put it.
        #expect(copy.destination.x <= max(x, 0))
        #expect(copy.destination.y <= max(y, 0))
        #expect(copy.destination.x + copy.destination.width >= min(x + destination.width, Self.output.width))
        #expect(copy.destination.x == x + (copy.source.x - source.x) * 8)
        #expect(copy.destination.y == y + (copy.source.y - source.y) * 8)
    }

    @Test("a fractional scale keeps every source pixel within half a pixel of where the whole copy puts it")
    func fractionalScale() throws {
        let source = PixelRect(x: 7, y: 3, width: 333, height: 200)
        let destination = PixelRect(x: -1000, y: -500, width: 2500, height: 1501)
        let copy = try #require(ScaledCopy.visiblePart(of: source, in: destination, within: Self.output))
        let scaleX = Double(destination.width) / Double(source.width)
        let expectedX = Double(destination.x) + Double(copy.source.x - source.x) * scaleX
        #expect(abs(Double(copy.destination.x) - expectedX) <= 0.5)
        let endX = Double(destination.x) + Double(copy.source.x + copy.source.width - source.x) * scaleX
        #expect(abs(Double(copy.destination.x + copy.destination.width) - endX) <= 1)
        #expect(copy.destination.x <= 0 && copy.destination.x + copy.destination.width >= Self.output.width)
    }
}
