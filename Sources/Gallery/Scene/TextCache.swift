import Logging

/// Text rendered once into textures and reused: each (text, size, colour) is rasterised the first time it is drawn,
/// then copied. Least recently used entries go beyond `capacity`. Main thread only.
final class TextCache {
    /// Texts held at most.
    static let capacity = 256

    private struct Key: Hashable {
        var text: String
        var pointSize: Int
        var color: RGBA
    }

    private let logger = Logger(label: "gallery.text")
    private var fonts: [Int: TextRenderer] = [:]
    private var missingFont = false
    private var textures: [Key: (texture: Texture, lastUse: Int)] = [:]
    private var clock = 0
    private var renderer: ObjectIdentifier?

    /// The texture of `text` at `pointSize` in `color`, made on `renderer`; `nil` when no font could be loaded.
    func texture(_ text: String, pointSize: Int, color: RGBA, renderer: Renderer) throws -> Texture? {
        if renderer !== textures.first?.value.texture.renderer, !textures.isEmpty {
            textures.removeAll()  // Textures belong to the renderer that made them.
        }
        clock += 1
        let key = Key(text: text, pointSize: pointSize, color: color)
        if let held = textures[key] {
            textures[key]?.lastUse = clock
            return held.texture
        }
        guard let font = font(pointSize: pointSize) else { return nil }
        let texture = try renderer.makeTexture(from: try font.render(text, color: color))
        if textures.count >= Self.capacity, let oldest = textures.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            textures[oldest.key] = nil
        }
        textures[key] = (texture, clock)
        return texture
    }

    /// Line height at `pointSize`, 0 without a font.
    func lineHeight(pointSize: Int) -> Int {
        font(pointSize: pointSize)?.lineHeight ?? 0
    }

    /// Texts held now.
    var count: Int { textures.count }

    private func font(pointSize: Int) -> TextRenderer? {
        if let font = fonts[pointSize] { return font }
        guard !missingFont else { return nil }
        do {
            let font = try TextRenderer(pointSize: pointSize)
            fonts[pointSize] = font
            return font
        } catch {
            missingFont = true
            logger.warning("no font for on-screen text: \(error)")
            return nil
        }
    }
}
