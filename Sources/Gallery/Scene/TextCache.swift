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
    /// Texts already cut to a width: (text, size, font, width) → the text drawn.
    private var elisions: [Elision: String] = [:]

    private struct Elision: Hashable {
        var text: String
        var pointSize: Int
        var monospaced: Bool
        var width: Int
    }
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

    /// The texture of `text` as `texture(_:pointSize:color:renderer:monospaced:)` makes it, cut to at most `width`
    /// pixels with an ellipsis (`elided`) when it is wider: a long name ends in "…", never mid-glyph.
    func texture(
        _ text: String, pointSize: Int, color: RGBA, renderer: Renderer, monospaced: Bool = false, fitting width: Int
    ) throws -> Texture? {
        try texture(
            try elided(text, pointSize: pointSize, monospaced: monospaced, toWidth: width), pointSize: pointSize,
            color: color, renderer: renderer, monospaced: monospaced)
    }

    /// `text` as drawn in `width` pixels: itself when it fits, else its longest start followed by "…" that fits (just
    /// "…", or nothing, when not even that fits). Measured with the font, without rendering.
    package func elided(_ text: String, pointSize: Int, monospaced: Bool = false, toWidth width: Int) throws -> String {
        let key = Elision(text: text, pointSize: pointSize, monospaced: monospaced, width: width)
        if let known = elisions[key] { return known }
        guard let font = font(FontKey(pointSize: pointSize, monospaced: monospaced)) else { return text }
        var result = text
        if try font.size(of: text).width > width {
            let characters = Array(text)
            // The longest prefix whose "prefix…" fits: widths grow with the prefix, so a binary search finds it.
            var fits = 0
            var tooLong = characters.count
            while tooLong - fits > 1 {
                let middle = (fits + tooLong) / 2
                if try font.size(of: String(characters[..<middle]) + "…").width <= width {
                    fits = middle
                } else {
                    tooLong = middle
                }
            }
            let candidate = String(characters[..<fits]).trimmingTrailingSpaces + "…"
            result = try font.size(of: candidate).width <= width ? candidate : ""
        }
        if elisions.count >= Self.capacity { elisions.removeAll() }
        elisions[key] = result
        return result
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

extension String {
    /// The text without the spaces at its end (so "a long name …" reads "a long name…").
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
