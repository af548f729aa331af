import Foundation
import GalleryCoreTesting
import Glibc
import ImageLoader
import Imaging
import Testing

@testable import ImageDecoders

/// SVG through librsvg, decoded in this process (the sandboxed decoder's own tests are GalleryTests'): drawn at the size
/// shown, a zoom's region drawn again at its scale, documents without a size, and what a hostile document gets.
@Suite struct SVGDecoderTests {
    /// `bytes` written to a file of its own, decoded fitting `box` (or `region` of the picture at `box`).
    static func decode(
        _ bytes: [UInt8], fitting box: PixelSize, region: PixelRect? = nil, name: String = #function
    ) throws(DecodeFailure) -> DecodedPicture {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("svg-\(getpid())-\(name.filter(\.isLetter)).svg").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { unlink(path) }
        return try ImageDecoder().decode(.file(path: path), fitting: box, region: region)
    }

    struct Spot: Sendable, CustomTestStringConvertible {
        let x: Int
        let y: Int
        let colour: RGBA
        var testDescription: String { "(\(x), \(y))" }
    }

    static let red = RGBA(r: 255, g: 0, b: 0, a: 255)
    static let blue = RGBA(r: 0, g: 0, b: 255, a: 255)

    /// Fitted to 400 × 400 the 200 × 100 picture is 400 × 200: the red rectangle from (100, 50) to (300, 150).
    @Test(arguments: [
        Spot(x: 5, y: 5, colour: blue), Spot(x: 99, y: 100, colour: blue), Spot(x: 101, y: 51, colour: red),
        Spot(x: 200, y: 100, colour: red), Spot(x: 298, y: 148, colour: red), Spot(x: 301, y: 100, colour: blue),
        Spot(x: 200, y: 151, colour: blue), Spot(x: 395, y: 195, colour: blue),
    ])
    func aRedRectangleOnBlueIsDrawnAtThePagesSize(spot: Spot) throws {
        let picture = try Self.decode(SVGFixture.redOnBlue, fitting: PixelSize(width: 400, height: 400))
        #expect(picture.pixels.size == PixelSize(width: 400, height: 200))
        #expect(picture.pixels.rgba(x: spot.x, y: spot.y) == spot.colour)
    }

    /// How many pixels of row `y` are neither the blue nor the red: the edge's width as drawn.
    static func edgeWidth(_ pixels: PixelBuffer, y: Int) -> Int {
        (0..<pixels.width).filter { x in
            let colour = pixels.rgba(x: x, y: y)
            return colour.r > 8 && colour.b > 8
        }.count
    }

    @Test("Zoomed to 400 %, the region is drawn at that scale: an edge one pixel wide, where scaling the page's 4")
    func aZoomedRegionIsDrawnAgainAtItsScale() throws {
        let page = try Self.decode(SVGFixture.edge, fitting: PixelSize(width: 400, height: 200))
        // The picture at 400 %: 1600 × 800; the region around the edge (x = 100.3 units, 802.4 px).
        let full = PixelSize(width: 1600, height: 800)
        let region = PixelRect(x: 700, y: 300, width: 200, height: 200)
        let sharp = try Self.decode(SVGFixture.edge, fitting: full, region: region)
        #expect(sharp.pixels.size == region.size)
        // At 8 px a unit the edge is at 802.4 px, 102.4 in the region: pixel 102 is 0.6 red.
        #expect(Self.edgeWidth(sharp.pixels, y: 100) == 1)
        #expect(sharp.pixels.rgba(x: 101, y: 100) == Self.blue)
        #expect(sharp.pixels.rgba(x: 103, y: 100) == Self.red)
        #expect(abs(Int(sharp.pixels.rgba(x: 102, y: 100).r) - 153) <= 2)
        // The page's pixels scaled 4 times, what the zoom showed before: the edge spreads over 4 or more.
        let scaled = try page.pixels.scaled(to: full).cropped(to: region)
        #expect(Self.edgeWidth(scaled, y: 100) >= 4)
    }

    @Test("A document with no size is drawn on a 1024-pixel square; a viewBox alone gives its shape")
    func documentsWithoutASizeGetTheDefault() throws {
        let square = try Self.decode(SVGFixture.noSize, fitting: PixelSize(width: 2048, height: 2048))
        #expect(square.pixels.size == PixelSize(width: 2048, height: 2048))  // 1024², enlarged to fit
        #expect(square.pixels.rgba(x: 1000, y: 2000) == Self.red)
        #expect(square.pixels.rgba(x: 1050, y: 1000).a == 0)
        let shaped = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"/>"#.utf8)
        let wide = try Self.decode(shaped, fitting: PixelSize(width: 1000, height: 1000))
        #expect(wide.pixels.size == PixelSize(width: 1000, height: 500))
    }

    struct Hostile: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// The start of the failure's message; nil: it draws.
        let failure: String?
        var testDescription: String { name }
    }

    static let hostile = [
        Hostile(
            name: "billion laughs", bytes: SVGFixture.billionLaughs,
            failure: "corrupt or truncated SVG (librsvg: the document cannot be read: XML parse error"),
        Hostile(
            name: "100 000 nested groups", bytes: SVGFixture.deepNesting,
            failure: "corrupt or truncated SVG (librsvg: the document cannot be read: XML parse error"),
        Hostile(name: "10^8 px a side", bytes: SVGFixture.hugeSize, failure: nil),
        Hostile(name: "external references", bytes: SVGFixture.externalReferences, failure: nil),
        Hostile(
            name: "not XML", bytes: Array("<svg <<<".utf8),
            failure: "corrupt or truncated SVG (librsvg: the document cannot be read"),
    ]

    @Test(arguments: hostile)
    func aHostileDocumentFailsWithLibrsvgsReasonOrDrawsWithinTheBox(document: Hostile) throws {
        let started = Date()
        let box = PixelSize(width: 300, height: 300)
        do {
            let picture = try Self.decode(document.bytes, fitting: box, name: document.name)
            #expect(document.failure == nil, "drew \(picture.pixels.size)")
            #expect(picture.pixels.width <= 300 && picture.pixels.height <= 300)
        } catch {
            let failure = try #require(document.failure, "\(error)")
            #expect(error.reason.message.hasPrefix(failure), "\(error.reason.message)")
        }
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test("A document referring to files and the network shows its own shapes only")
    func externalReferencesAreNotLoaded() throws {
        let picture = try Self.decode(SVGFixture.externalReferences, fitting: PixelSize(width: 40, height: 20))
        for (x, y) in [(1, 1), (20, 10), (38, 18)] { #expect(picture.pixels.rgba(x: x, y: y) == Self.blue) }
    }
}
