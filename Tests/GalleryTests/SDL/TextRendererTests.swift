import Gallery
import Imaging
import Testing

extension SDLSerializedTests {
    @Suite @MainActor struct TextRendererTests {
        init() throws {
            try SDLTestSession.start()
        }

        @Test(arguments: ["Gallery 123", "é ü ß — 日本", "x"])
        func renderedTextHasTheMeasuredSizeAndColour(text: String) throws {
            let fonts = try TextRenderer(pointSize: 24)
            let colour = RGBA(r: 200, g: 40, b: 10)
            let measured = try fonts.size(of: text)
            let surface = try fonts.render(text, color: colour)

            #expect(surface.hasStandardFormat)
            #expect(surface.size == measured)
            #expect(measured.height == fonts.lineHeight)
            var inked = 0
            for y in 0..<surface.height {
                for x in 0..<surface.width {
                    let pixel = surface.pixel(x: x, y: y)
                    if pixel.a == 255 {
                        inked += 1
                        #expect(pixel.r == colour.r && pixel.g == colour.g && pixel.b == colour.b)
                    }
                }
            }
            #expect(inked > 0)
        }

        @Test func widerTextMeasuresWider() throws {
            let fonts = try TextRenderer(pointSize: 16)
            #expect(try fonts.size(of: "WWWW").width > fonts.size(of: "W").width)
            #expect(try TextRenderer(pointSize: 32).lineHeight > fonts.lineHeight)
        }

        /// Empty text and text of zero-width characters only (an EXIF make of one U+200B failed every frame that drew
        /// the I panel: SDL_ttf's "Text has zero width") render as one transparent line.
        @Test(arguments: ["", "\u{200B}", "\u{202E}", "\u{200B}\u{202E}\u{200D}", "\u{FEFF}"])
        func textOfNoWidthIsATransparentLine(text: String) throws {
            let fonts = try TextRenderer(pointSize: 18)
            let surface = try fonts.render(text, color: .white)
            #expect(surface.size == PixelSize(width: 1, height: fonts.lineHeight))
            #expect(surface.pixel(x: 0, y: 0).a == 0)
        }

        @Test func missingFontFileThrows() {
            let error = #expect(throws: SDLError.self) {
                try TextRenderer(fontPath: "/nonexistent/font.ttf", pointSize: 12)
            }
            #expect(error?.call == "TTF_OpenFont")
        }
    }
}
