import Testing

@testable import Gallery
@testable import GalleryScene

extension SDLSerializedTests {
    /// Text too wide for its room ends in "…" at a glyph boundary, as long as the room allows, and never goes past it.
    @Suite @MainActor struct TextCacheTests {
        init() throws {
            try SDLTestSession.start()
        }

        static let name = "12 / 12 — a-very-long-photo-name-from-a-camera-IMG_20261123_183012.jpg · loop (end caps)"

        @Test(arguments: [40, 120, 300, 600])
        func longTextIsElidedToItsRoom(width: Int) throws {
            let texts = TextCache(fonts: TTFFonts())
            let font = try TextRenderer(pointSize: 15)
            let elided = try texts.elided(Self.name, pointSize: 15, toWidth: width)
            #expect(elided.hasSuffix("…"), "\(elided)")
            #expect(try font.size(of: elided).width <= width)
            // The longest start that fits: one more character would not.
            let kept = elided.dropLast().count
            let longer = String(Self.name.prefix(kept + 1)) + "…"
            #expect(try font.size(of: longer).width > width || Self.name.prefix(kept + 1).last == " ")
            #expect(Self.name.hasPrefix(String(elided.dropLast())))
        }

        @Test func textThatFitsIsUnchangedAndNoRoomIsNothing() throws {
            let texts = TextCache(fonts: TTFFonts())
            #expect(try texts.elided("1 / 12", pointSize: 15, toWidth: 400) == "1 / 12")
            #expect(try texts.elided(Self.name, pointSize: 15, toWidth: 2).isEmpty)
        }
    }
}
