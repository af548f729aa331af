import Imaging
import Logging

/// Monospaced text drawn glyph by glyph from textures rasterised once each, so text that changes every frame (the
/// information panel's velocity and frame time) costs copies, not rasterisation. On the main actor, as it holds
/// textures.
@MainActor
final class GlyphAtlas {
    /// The size its glyphs are rasterised at.
    let pointSize: Int
    /// Where its monospaced font is opened.
    private let fonts: any FontLibrary
    private let logger = Logger(label: "gallery.glyphs")
    private var font: (any CanvasFont)?
    private var missingFont = false
    private var glyphs: [Character: any CanvasTexture] = [:]

    init(pointSize: Int, fonts: any FontLibrary) {
        self.pointSize = pointSize
        self.fonts = fonts
    }

    /// Pixels from one character to the next, measured once.
    private(set) lazy var advance: Int = (try? loadedFont()?.size(of: "M").width) ?? 0

    /// Pixels from one line to the next, measured once.
    private(set) lazy var lineHeight: Int = (try? loadedFont()?.lineHeight) ?? 0

    /// Makes the glyphs of `text` not held yet on `renderer`: the step before painting.
    func prepare(_ text: String, renderer: any Canvas) throws {
        guard let font = try loadedFont() else { return }
        for character in text where character != " " {
            if let glyph = glyphs[character], glyph.canvas === renderer { continue }
            glyphs[character] = try renderer.makeTexture(from: try font.pixels(of: String(character), color: .white))
        }
    }

    /// Draws `text` with its top-left corner at `origin`, tinted `color`, from the glyphs `prepare` made.
    func draw(_ text: String, at origin: PixelPoint, color: RGBA, renderer: any Canvas) throws {
        guard try loadedFont() != nil else { return }
        let step = advance
        var x = origin.x
        for character in text {
            defer { x += step }
            guard character != " ", let glyph = glyphs[character] else { continue }
            try glyph.setColorModulation(color)
            try renderer.copy(glyph, to: PixelRect(x: x, y: origin.y, width: glyph.width, height: glyph.height))
        }
    }

    private func loadedFont() throws -> (any CanvasFont)? {
        if let font { return font }
        guard !missingFont else { return nil }
        do {
            let opened = try fonts.font(monospaced: true, pointSize: pointSize)
            font = opened
            return opened
        } catch {
            missingFont = true
            logger.warning(
                "no monospaced font for the information panel: \(error)", source: Logger.gallerySource)
            return nil
        }
    }
}
