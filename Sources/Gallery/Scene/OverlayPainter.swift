import GalleryCore

/// Draws what sits over the photos: the fading page information, page dots, the information panel and the help.
/// Text is rasterised once and cached: static text in `TextCache`, the panel's changing numbers from a glyph atlas.
@MainActor
final class OverlayPainter {
    /// Pixels between dot centres, and each dot's diameter.
    static let dotSpacing = 18
    static let dotDiameter = 8
    /// Distance of the dots' centres from the bottom edge.
    static let dotsInset = 14

    private let texts: TextCache
    private let glyphs = GlyphAtlas(pointSize: 14)
    private var dot: Texture?
    private var outputSize = PixelSize(width: 0, height: 0)

    init(texts: TextCache) {
        self.texts = texts
    }

    func paint(_ state: OverlayState, renderer: Renderer) throws {
        outputSize = try renderer.outputSize
        if let dots = state.dots { try paintDots(dots, renderer: renderer) }
        if state.infoOpacity > 0 { try paintInfo(state.info, opacity: state.infoOpacity, renderer: renderer) }
        if let panel = state.panel { try paintPanel(panel, renderer: renderer) }
        if let help = state.help { try paintHelp(help, renderer: renderer) }
    }

    /// The centre of dot `index` of `count`, in output pixels.
    private func dotCentre(_ index: Int, count: Int) -> PixelPoint {
        let width = (count - 1) * Self.dotSpacing
        return PixelPoint(
            x: outputSize.width / 2 - width / 2 + index * Self.dotSpacing, y: outputSize.height - Self.dotsInset)
    }

    /// The page whose dot is under `point`, if any (a generous hit box: half the spacing each way).
    func dot(at point: PixelPoint, state: OverlayState) -> Int? {
        guard let dots = state.dots, outputSize.width > 0 else { return nil }
        let reach = Self.dotSpacing / 2
        return (0..<dots.count).first { index in
            let centre = dotCentre(index, count: dots.count)
            return abs(point.x - centre.x) <= reach && abs(point.y - centre.y) <= reach
        }
    }

    private func paintDots(_ dots: OverlayState.Dots, renderer: Renderer) throws {
        let texture = try dotTexture(renderer: renderer)
        for index in 0..<dots.count {
            let centre = dotCentre(index, count: dots.count)
            let lit = index == dots.current
            try texture.setAlphaModulation(lit ? 235 : 90)
            let radius = Self.dotDiameter / 2
            try renderer.copy(
                texture,
                to: PixelRect(
                    x: centre.x - radius, y: centre.y - radius, width: Self.dotDiameter, height: Self.dotDiameter))
        }
    }

    private func paintInfo(_ text: String, opacity: Double, renderer: Renderer) throws {
        guard
            let label = try texts.texture(text, pointSize: 16, color: RGBA(r: 240, g: 240, b: 245), renderer: renderer)
        else { return }
        let width = min(label.width, outputSize.width - 40)
        let box = PixelRect(
            x: (outputSize.width - width) / 2 - 12, y: outputSize.height - Self.dotsInset - 24 - label.height - 8,
            width: width + 24, height: label.height + 8)
        try renderer.blend(box, color: RGBA(r: 0, g: 0, b: 0, a: UInt8((150 * opacity).rounded())))
        try label.setAlphaModulation(UInt8((255 * opacity).rounded()))
        try renderer.copy(
            label, from: PixelRect(x: 0, y: 0, width: width, height: label.height),
            to: PixelRect(x: box.x + 12, y: box.y + 4, width: width, height: label.height))
        try label.setAlphaModulation(255)
    }

    private func paintPanel(_ lines: [String], renderer: Renderer) throws {
        let lineHeight = glyphs.lineHeight
        let width = (lines.map(\.count).max() ?? 0) * glyphs.advance + 20
        try renderer.blend(
            PixelRect(x: 10, y: 10, width: width, height: lines.count * lineHeight + 16),
            color: RGBA(r: 0, g: 0, b: 0, a: 170))
        for (index, line) in lines.enumerated() {
            try glyphs.draw(
                line, at: PixelPoint(x: 20, y: 18 + index * lineHeight), color: RGBA(r: 225, g: 230, b: 235),
                renderer: renderer)
        }
    }

    private func paintHelp(_ lines: [String], renderer: Renderer) throws {
        try renderer.blend(PixelRect(size: outputSize), color: RGBA(r: 0, g: 0, b: 0, a: 190))
        let title = try texts.texture(
            "Keys and gestures — any key closes this", pointSize: 18, color: RGBA(r: 255, g: 255, b: 255),
            renderer: renderer)
        let rendered = try lines.map { line in
            try texts.texture(
                line.isEmpty ? " " : line, pointSize: 14, color: RGBA(r: 220, g: 224, b: 230), renderer: renderer,
                monospaced: true)
        }
        let lineHeight = (rendered.compactMap { $0?.height }.max() ?? 16) + 2
        let height = (title?.height ?? 0) + 12 + lines.count * lineHeight
        let width = max(rendered.compactMap { $0?.width }.max() ?? 0, title?.width ?? 0)
        var y = max((outputSize.height - height) / 2, 8)
        let x = max((outputSize.width - width) / 2, 8)
        if let title {
            try renderer.copy(title, to: PixelRect(x: x, y: y, width: title.width, height: title.height))
            y += title.height + 12
        }
        for texture in rendered {
            if let texture {
                try renderer.copy(texture, to: PixelRect(x: x, y: y, width: texture.width, height: texture.height))
            }
            y += lineHeight
        }
    }

    /// A white anti-aliased disc, tinted by alpha.
    private func dotTexture(renderer: Renderer) throws -> Texture {
        if let dot, dot.renderer === renderer { return dot }
        let size = Self.dotDiameter
        let surface = try Surface(width: size, height: size)
        let radius = Double(size) / 2
        surface.paint { x, y in
            let dx = Double(x) + 0.5 - radius
            let dy = Double(y) + 0.5 - radius
            let coverage = min(max(radius + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
            return RGBA(r: 255, g: 255, b: 255, a: UInt8((coverage * 255).rounded()))
        }
        let texture = try renderer.makeTexture(from: surface)
        dot = texture
        return texture
    }
}
