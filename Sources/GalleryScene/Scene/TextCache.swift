import GalleryCore
import Imaging
import Logging
import Support

/// Text rendered once into textures and reused: each (text, size, colour) is rasterised by `prepare(_:renderer:)` before
/// the first frame that draws it, and looked up while painting. Least recently used entries go beyond `capacity`. On the
/// main actor, as it holds textures.
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

    /// Where fonts are opened (the glyph atlas opens its monospaced one there too).
    let fonts: any FontLibrary
    private let logger = Logger(label: "gallery.text")
    private var openFonts: [FontKey: any CanvasFont] = [:]
    private var missingFont = false
    private var textures = LRUCache<Key, any CanvasTexture>()
    /// Texts the font could not render, tried once and then drawn as nothing.
    private var unrenderable: Set<Key> = []
    /// The renderer `textures` were made on: textures belong to the renderer that made them.
    private weak var texturesRenderer: (any Canvas)?
    /// Texts already cut to a width: (text, size, font, width) → the text drawn.
    private var elisions: [Elision: String] = [:]

    private struct Elision: Hashable {
        var text: String
        var pointSize: Int
        var monospaced: Bool
        var width: Int
    }

    /// An empty cache opening its fonts in `fonts`.
    init(fonts: any FontLibrary) {
        self.fonts = fonts
    }

    /// Makes the textures of `requests` on `renderer` that are not held yet: the step before painting, so painting
    /// only looks textures up (`texture(_:)`).
    func prepare(_ requests: some Sequence<TextRequest>, renderer: any Canvas) throws {
        if renderer !== texturesRenderer {
            textures.removeAll()
            texturesRenderer = renderer
        }
        for request in requests {
            let key = try key(of: request)
            guard textures.value(forKey: key) == nil, !unrenderable.contains(key),
                let font = font(FontKey(pointSize: key.pointSize, monospaced: key.monospaced))
            else { continue }
            // A text the font cannot render is drawn as nothing: one bad file name or EXIF field must not fail
            // every frame that shows it.
            let pixels: PixelBuffer
            do {
                pixels = try font.pixels(of: key.text, color: key.color)
            } catch {
                logger.error("cannot render a text of \(key.text.utf8.count) bytes: \(error)")
                if unrenderable.count >= Self.capacity { unrenderable.removeAll() }
                unrenderable.insert(key)
                continue
            }
            let texture = try renderer.makeTexture(from: pixels)
            textures.evict(toCount: Self.capacity - 1)
            textures.insert(texture, forKey: key)
        }
    }

    /// The texture `prepare(_:renderer:)` made of `request` (never made here, and not counted as a use: preparing
    /// it was); nil when it was not prepared or no font could be loaded.
    func texture(_ request: TextRequest) throws -> (any CanvasTexture)? {
        textures.peek(try key(of: request))
    }

    /// The key `request` is held under: its text as drawn (cut to its width).
    private func key(of request: TextRequest) throws -> Key {
        let text =
            try request.fitting.map {
                try elided(request.text, pointSize: request.pointSize, monospaced: request.monospaced, toWidth: $0)
            } ?? request.text
        return Key(text: text, pointSize: request.pointSize, color: request.color, monospaced: request.monospaced)
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

    private func font(_ key: FontKey) -> (any CanvasFont)? {
        if let font = openFonts[key] { return font }
        guard !missingFont else { return nil }
        do {
            let font = try fonts.font(monospaced: key.monospaced, pointSize: key.pointSize)
            openFonts[key] = font
            return font
        } catch {
            missingFont = true
            logger.warning("no font for on-screen text: \(error)", source: Logger.gallerySource)
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
