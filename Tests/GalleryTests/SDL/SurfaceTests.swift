import CSDL2
import Foundation
import Imaging
import Testing

@testable import Gallery

extension SDLSerializedTests {
    @Suite struct SurfaceTests {
        init() throws {
            try SDLTestSession.start()
        }

        @Test func newSurfaceIsStandardFormatAndSized() throws {
            let surface = try Surface(width: 37, height: 11)
            #expect(surface.size == PixelSize(width: 37, height: 11))
            #expect(surface.hasStandardFormat)
            #expect(surface.byteCount == 37 * 11 * 4)
            #expect(surface.pixel(x: 36, y: 10) == .clear)
            #expect(!surface.isOpaque)
            #expect(try Surface(width: 2, height: 2, opaque: true).isOpaque)
        }

        @Test(arguments: [(0, 10), (10, 0), (-3, 4)])
        func invalidSizeThrows(width: Int, height: Int) {
            #expect(throws: SDLError.self) { try Surface(width: width, height: height) }
        }

        @Test func fillWritesOnlyTheRectangle() throws {
            let surface = try Surface(width: 20, height: 10)
            let green = RGBA(r: 0, g: 200, b: 0)
            let translucent = RGBA(r: 10, g: 20, b: 30, a: 128)
            try surface.fill(nil, color: .white)
            try surface.fill(PixelRect(x: 5, y: 2, width: 4, height: 3), color: green)
            try surface.fill(
                rects: [
                    PixelRect(x: 15, y: 0, width: 1, height: 1),
                    PixelRect(x: 19, y: 9, width: 1, height: 1),
                ], color: translucent)
            #expect(surface.pixel(x: 5, y: 2) == green)
            #expect(surface.pixel(x: 8, y: 4) == green)
            #expect(surface.pixel(x: 9, y: 4) == .white)
            #expect(surface.pixel(x: 8, y: 5) == .white)
            #expect(surface.pixel(x: 4, y: 2) == .white)
            #expect(surface.pixel(x: 15, y: 0) == translucent)
            #expect(surface.pixel(x: 19, y: 9) == translucent)
            #expect(surface.pixel(x: 16, y: 0) == .white)
        }

        @Test func convertingA24BitSurfaceGivesAnOpaqueStandardCopy() throws {
            let raw = try #require(SDL_CreateRGBSurfaceWithFormat(0, 6, 4, 24, SDL_PIXELFORMAT_RGB24.rawValue))
            let rgb = Surface(taking: raw)
            try rgb.fill(PixelRect(x: 0, y: 0, width: 3, height: 4), color: RGBA(r: 1, g: 2, b: 3))
            try rgb.fill(PixelRect(x: 3, y: 0, width: 3, height: 4), color: RGBA(r: 250, g: 128, b: 7))
            #expect(!rgb.hasStandardFormat)

            let converted = try rgb.converted()
            #expect(converted.hasStandardFormat)
            #expect(converted.isOpaque)
            #expect(converted.pixel(x: 0, y: 3) == RGBA(r: 1, g: 2, b: 3))
            #expect(converted.pixel(x: 5, y: 0) == RGBA(r: 250, g: 128, b: 7))
        }

        @Test(arguments: [
            PixelSize(width: 7, height: 3), PixelSize(width: 64, height: 48), PixelSize(width: 1, height: 1),
        ])
        func scalingAUniformSurfaceKeepsItsColourAndOpacity(size: PixelSize) throws {
            let colour = RGBA(r: 90, g: 160, b: 220)
            let source = try Surface(width: 40, height: 30, opaque: true)
            try source.fill(nil, color: colour)
            let scaled = try source.scaled(to: size)
            #expect(scaled.size == size)
            #expect(scaled.hasStandardFormat)
            #expect(scaled.isOpaque)
            #expect(scaled.pixel(x: 0, y: 0) == colour)
            #expect(scaled.pixel(x: size.width - 1, y: size.height - 1) == colour)
        }

        @Test func scalingToFitKeepsTheAspectRatio() throws {
            let source = try Surface(width: 400, height: 100)
            #expect(
                try source.scaled(toFit: PixelSize(width: 200, height: 200)).size == PixelSize(width: 200, height: 50))
            #expect(
                try source.scaled(toFit: PixelSize(width: 800, height: 100)).size == PixelSize(width: 400, height: 100))
        }

        @Test func scalingKeepsLeftAndRightHalvesApart() throws {
            let source = try Surface(width: 64, height: 16, opaque: true)
            try source.fill(PixelRect(x: 0, y: 0, width: 32, height: 16), color: .red)
            try source.fill(PixelRect(x: 32, y: 0, width: 32, height: 16), color: RGBA(r: 0, g: 0, b: 255))
            let scaled = try source.scaled(to: PixelSize(width: 16, height: 4))
            #expect(scaled.pixel(x: 0, y: 2) == .red)
            #expect(scaled.pixel(x: 15, y: 2) == RGBA(r: 0, g: 0, b: 255))
        }

        /// An 8×8 checkerboard enlarged to a window: its pixels stay squares of black or white, blended only in the
        /// last pixel or so of each edge (a bilinear enlargement blurs each square into its neighbours: mostly grey).
        @Test(
            "a small picture enlarged 2× or more keeps sharp pixels",
            arguments: [PixelSize(width: 666, height: 666), PixelSize(width: 203, height: 203)])
        func largeEnlargementsKeepSharpPixels(size: PixelSize) throws {
            let pixels = try PixelBuffer(width: 8, height: 8, format: .xrgb8888)
            pixels.paint { x, y in (x + y) % 2 == 0 ? .black : .white }
            let board = try Surface(wrapping: pixels)
            let scaled = try board.scaled(to: size)
            #expect(scaled.size == size)
            var grey = 0
            for y in 0..<size.height {
                for x in 0..<size.width where ![0, 255].contains(scaled.pixel(x: x, y: y).g) { grey += 1 }
            }
            // At most two blended pixels at each of the 7 inner edges, across and down.
            let allowed = 2 * 7 * (size.width + size.height)
            #expect(grey <= allowed, "\(grey) blended pixels of \(size.area)")
            // The middle of each square is its own colour.
            let side = Double(size.width) / 8
            for square in 0..<8 {
                let middle = Int((Double(square) + 0.5) * side)
                #expect(scaled.pixel(x: middle, y: middle) == .black)
                #expect(scaled.pixel(x: middle, y: Int((Double(square ^ 1) + 0.5) * side)) == .white)
            }
        }

        /// Every fourth column black, the rest white, shrunk 128×: the true average is 3/4 white. A single bilinear
        /// step reads only the two columns around each sample point (here one black, one white: half grey).
        @Test func largeReductionsAverageEverySourcePixel() throws {
            let stripes = try Surface(width: 1024, height: 8, opaque: true)
            try stripes.fill(nil, color: .white)
            try stripes.fill(
                rects: stride(from: 0, to: 1024, by: 4).map { PixelRect(x: $0, y: 0, width: 1, height: 8) },
                color: .black)
            let scaled = try stripes.scaled(to: PixelSize(width: 8, height: 1))
            let expected = 255.0 * 3 / 4
            for x in 0..<8 {
                let grey = Double(scaled.pixel(x: x, y: 0).g)
                #expect(abs(grey - expected) <= 2, "column \(x) is \(grey)")
            }
        }

        @Test func savedPNGLoadsBackWithTheSamePixels() throws {
            let directory = try TemporaryDirectory()
            let original = try Surface(width: 23, height: 17)
            try original.fill(nil, color: RGBA(r: 12, g: 34, b: 56))
            try original.fill(PixelRect(x: 3, y: 4, width: 9, height: 5), color: RGBA(r: 255, g: 0, b: 128, a: 77))
            try original.fill(PixelRect(x: 20, y: 0, width: 3, height: 17), color: .clear)
            let path = directory.path("shot.png")

            try original.savePNG(to: path)
            let loaded = try Surface.loading(path)

            #expect(loaded.size == original.size)
            for y in 0..<original.height {
                for x in 0..<original.width where loaded.pixel(x: x, y: y) != original.pixel(x: x, y: y) {
                    Issue.record("pixel (\(x), \(y)): \(loaded.pixel(x: x, y: y)) != \(original.pixel(x: x, y: y))")
                }
            }
        }

        @Test func savingIntoAMissingDirectoryThrows() throws {
            let surface = try Surface(width: 2, height: 2)
            let error = #expect(throws: SDLError.self) {
                try surface.savePNG(to: "/nonexistent-gallery-dir/shot.png")
            }
            #expect(error?.call == "IMG_SavePNG")
            #expect(error?.message.isEmpty == false)
        }
    }
}
