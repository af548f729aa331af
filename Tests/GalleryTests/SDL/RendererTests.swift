import Imaging
import Testing

@testable import Gallery

extension SDLSerializedTests {
    @Suite @MainActor struct RendererTests {
        static let blue = RGBA(r: 0, g: 0, b: 255)
        static let green = RGBA(r: 0, g: 255, b: 0)

        init() throws {
            try SDLTestSession.start()
        }

        @Test func fillAndCopyLandWhereAsked() throws {
            let target = try Surface(width: 64, height: 48, opaque: true)
            let renderer = try Renderer(target: target)
            #expect(try renderer.outputSize == target.size)

            try renderer.setDrawColor(Self.blue)
            try renderer.clear()
            try renderer.setDrawColor(.red)
            try renderer.fill(PixelRect(x: 10, y: 10, width: 20, height: 10))
            let tile = try PixelBuffer(width: 8, height: 8, format: .xrgb8888)
            tile.fill(nil, color: Self.green)
            let texture = try renderer.makeTexture(from: tile)
            try renderer.copy(texture, to: PixelRect(x: 40, y: 20, width: 16, height: 16))
            let shot = try renderer.readPixels()

            #expect(shot.hasStandardFormat && shot.size == target.size)
            #expect(shot.pixel(x: 0, y: 0) == Self.blue)
            #expect(shot.pixel(x: 10, y: 10) == .red)
            #expect(shot.pixel(x: 29, y: 19) == .red)
            #expect(shot.pixel(x: 30, y: 19) == Self.blue)
            #expect(shot.pixel(x: 40, y: 20) == Self.green)
            #expect(shot.pixel(x: 55, y: 35) == Self.green)
            #expect(shot.pixel(x: 56, y: 35) == Self.blue)
            #expect(shot.pixel(x: 39, y: 27) == Self.blue)

            renderer.present()
            #expect(target.pixel(x: 47, y: 27) == Self.green)
        }

        @Test func sourceRectangleAndClipAreHonoured() throws {
            let target = try Surface(width: 32, height: 32, opaque: true)
            let renderer = try Renderer(target: target)
            try renderer.setDrawColor(.black)
            try renderer.clear()
            let halves = try PixelBuffer(width: 8, height: 4, format: .xrgb8888)
            halves.fill(PixelRect(x: 0, y: 0, width: 4, height: 4), color: .red)
            halves.fill(PixelRect(x: 4, y: 0, width: 4, height: 4), color: Self.green)
            let texture = try renderer.makeTexture(from: halves)
            try renderer.copy(
                texture, from: PixelRect(x: 4, y: 0, width: 4, height: 4),
                to: PixelRect(x: 0, y: 0, width: 4, height: 4))
            try renderer.setClip(PixelRect(x: 16, y: 16, width: 8, height: 8))
            try renderer.setDrawColor(.white)
            try renderer.fill(PixelRect(x: 0, y: 0, width: 32, height: 32))
            try renderer.setClip(nil)
            try renderer.drawLine(from: PixelPoint(x: 0, y: 31), to: PixelPoint(x: 31, y: 31))
            let shot = try renderer.readPixels()

            #expect(shot.pixel(x: 0, y: 0) == Self.green)
            #expect(shot.pixel(x: 3, y: 3) == Self.green)
            #expect(shot.pixel(x: 16, y: 16) == .white)
            #expect(shot.pixel(x: 23, y: 23) == .white)
            #expect(shot.pixel(x: 15, y: 16) == .black)
            #expect(shot.pixel(x: 24, y: 23) == .black)
            #expect(shot.pixel(x: 0, y: 31) == .white)
            #expect(shot.pixel(x: 31, y: 31) == .white)
            #expect(shot.pixel(x: 31, y: 30) == .black)
        }

        @Test func translucentPixelsBlendAndOpaqueOnesReplace() throws {
            let target = try Surface(width: 4, height: 2, opaque: true)
            let renderer = try Renderer(target: target)
            try renderer.setDrawColor(.white)
            try renderer.clear()
            let translucent = try PixelBuffer(width: 1, height: 1, format: .argb8888)
            translucent.fill(nil, color: RGBA(r: 0, g: 0, b: 0, a: 128))
            let opaque = try PixelBuffer(width: 1, height: 1, format: .xrgb8888)
            opaque.fill(nil, color: RGBA(r: 0, g: 0, b: 0, a: 128))
            try renderer.copy(renderer.makeTexture(from: translucent), to: PixelRect(x: 0, y: 0, width: 2, height: 2))
            try renderer.copy(renderer.makeTexture(from: opaque), to: PixelRect(x: 2, y: 0, width: 2, height: 2))
            let shot = try renderer.readPixels()

            let blended = shot.pixel(x: 0, y: 0)
            #expect(blended.r > 100 && blended.r < 155 && blended.r == blended.g)
            #expect(shot.pixel(x: 3, y: 1).r == 0)
        }

        @Test func texturesReportSizeAndUpdate() throws {
            let target = try Surface(width: 8, height: 8, opaque: true)
            let renderer = try Renderer(target: target)
            let texture = try renderer.makeStreamingTexture(width: 8, height: 8)
            #expect(texture.size == PixelSize(width: 8, height: 8))
            #expect(texture.byteCount == 8 * 8 * 4)
            #expect(texture.renderer === renderer)

            let frame = try PixelBuffer(width: 8, height: 8, format: .xrgb8888)
            frame.fill(nil, color: Self.blue)
            try texture.update(from: frame)
            try renderer.copy(texture, to: PixelRect(x: 0, y: 0, width: 8, height: 8))
            #expect(try renderer.readPixels().pixel(x: 4, y: 4) == Self.blue)

            let wrongSize = try PixelBuffer(width: 4, height: 8, format: .argb8888)
            let error = #expect(throws: SDLError.self) { try texture.update(from: wrongSize) }
            #expect(error?.call == "SDL_UpdateTexture")
        }

        /// A texture keeps its renderer (and so the target) alive, whatever order references are dropped in.
        @Test func textureOutlivingItsOwnersStaysUsable() throws {
            var renderer: Renderer? = try Renderer(target: Surface(width: 4, height: 4, opaque: true))
            let source = try PixelBuffer(width: 2, height: 2, format: .xrgb8888)
            source.fill(nil, color: .red)
            let texture = try #require(try renderer?.makeStreamingTexture(width: 2, height: 2))
            try texture.update(from: source)
            weak let weakRenderer = renderer
            renderer = nil
            #expect(weakRenderer != nil)
            try texture.renderer.copy(texture, to: PixelRect(x: 0, y: 0, width: 4, height: 4))
            #expect(try texture.renderer.readPixels().pixel(x: 3, y: 3) == .red)
        }
    }
}
