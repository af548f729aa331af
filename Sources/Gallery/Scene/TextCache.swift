import Logging

/// Text rendered once into textures and reused: each (text, size, colour) is rasterised the first time it is drawn,
/// then copied. Least recently used entries go beyond `capacity`. On the main actor, as it holds textures.
@MainActor
final class TextCache {
    /// Texts held at most.
    static let capacity = 256

    private struct Key: Hashable {
        var text: String
        var pointSize: Int
        var color: RGBA
        var monospaced: Bool
    }

    private struct FontKey: Hashable {
        var pointSize: Int
        var monospaced: Bool
    }

    private let logger = Logger(label: "gallery.text")
    private var fonts: [FontKey: TextRenderer] = [:]
    private var missingFont = false
    private var textures: [Key: (texture: Texture, lastUse: Int)] = [:]
    private var clock = 0
    private var renderer: ObjectIdentifier?

    /// The texture of `text` at `pointSize` in `color` (DejaVu Sans, or Sans Mono when `monospaced`), made on
    /// `renderer`; `nil` when no font could be loaded.
    func texture(
        _ text: String, pointSize: Int, color: RGBA, renderer: Renderer, monospaced: Bool = false
    ) throws -> Texture? {
        if renderer !== textures.first?.value.texture.renderer, !textures.isEmpty {
            textures.removeAll()  // Textures belong to the renderer that made them.
        }
        clock += 1
        let key = Key(text: text, pointSize: pointSize, color: color, monospaced: monospaced)
        if let held = textures[key] {
            textures[key]?.lastUse = clock
            return held.texture
        }
        guard let font = font(FontKey(pointSize: pointSize, monospaced: monospaced)) else { return nil }
        let texture = try renderer.makeTexture(from: try font.render(text, color: color))
        if textures.count >= Self.capacity, let oldest = textures.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            textures[oldest.key] = nil
        }
        textures[key] = (texture, clock)
        return texture
    }

    /// Texts held now.
    var count: Int { textures.count }

    private func font(_ key: FontKey) -> TextRenderer? {
        if let font = fonts[key] { return font }
        guard !missingFont else { return nil }
        do {
            let path = key.monospaced ? GlyphAtlas.fontPaths.first(where: TextRenderer.isReadable) : nil
            let font = try TextRenderer(fontPath: path, pointSize: key.pointSize)
            fonts[key] = font
            return font
        } catch {
            missingFont = true
            logger.warning("no font for on-screen text: \(error)")
            return nil
        }
    }
}
