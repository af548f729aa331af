import GalleryCore

/// Draws what sits over the photos into the boxes `SceneLayout` gives them: the fading page information, page dots,
/// the information panel and the help. Text is rasterised once and cached: static text in `TextCache`, the panel's
/// changing numbers from a glyph atlas.
@MainActor
final class OverlayPainter {
    private let texts: TextCache
    /// The panel's glyphs, at the layout's scaled point size.
    private var glyphs = GlyphAtlas(pointSize: SceneLayout.panelPointSize)
    private var dot: Texture?

    init(texts: TextCache) {
        self.texts = texts
    }

    /// Draws `state` where `layout` puts it.
    func paint(_ state: OverlayState, layout: SceneLayout, renderer: Renderer) throws {
        if !layout.dots.isEmpty, let dots = state.dots { try paintDots(dots, layout: layout, renderer: renderer) }
        if state.infoOpacity > 0, let band = layout.label {
            try paintInfo(state.info, opacity: state.infoOpacity, in: band, layout: layout, renderer: renderer)
        }
        if let panel = state.panel, let box = layout.panel {
            try paintPanel(Array(panel.prefix(layout.panelLineCount)), in: box, layout: layout, renderer: renderer)
        }
        if let help = layout.help { try paintHelp(help, frame: layout, renderer: renderer) }
        if let status = state.status, let bar = layout.statusBar {
            try paintStatusBar(status, in: bar, layout: layout, renderer: renderer)
        }
    }

    private func paintDots(_ dots: OverlayState.Dots, layout: SceneLayout, renderer: Renderer) throws {
        let texture = try dotTexture(diameter: layout.dots[0].width, renderer: renderer)
        for (index, rect) in layout.dots.enumerated() {
            try texture.setAlphaModulation(index == dots.current ? 235 : 90)
            try renderer.copy(texture, to: rect)
        }
    }

    private func paintInfo(
        _ text: String, opacity: Double, in band: LayoutRect, layout: SceneLayout, renderer: Renderer
    ) throws {
        let padding = layout.px(12)
        let pointSize = layout.px(SceneLayout.labelPointSize)
        guard band.width > 2 * padding else { return }
        // Too narrow for the whole line (the wheel's crescent in a small window): the index alone ("1 / 12") rather
        // than its first characters; the name is on the row beside it.
        var shown = text
        if !layout.wheelRows.isEmpty,
            let index = text.firstRange(of: " \u{2014} ").map({ String(text[..<$0.lowerBound]) }),
            try texts.elided(text, pointSize: pointSize, toWidth: band.width - 2 * padding) != text
        {
            shown = index
        }
        guard
            let label = try texts.texture(
                shown, pointSize: pointSize, color: RGBA(r: 240, g: 240, b: 245), renderer: renderer,
                fitting: band.width - 2 * padding)
        else { return }
        let width = min(label.width, band.width - 2 * padding)
        let height = min(label.height, band.height)
        let box = PixelRect(
            x: band.x + (band.width - width) / 2 - padding, y: band.y, width: width + 2 * padding, height: band.height)
        try renderer.blend(box, color: RGBA(r: 0, g: 0, b: 0, a: UInt8((150 * opacity).rounded())))
        try label.setAlphaModulation(UInt8((255 * opacity).rounded()))
        try renderer.copy(
            label, from: PixelRect(x: 0, y: 0, width: width, height: height),
            to: PixelRect(x: box.x + padding, y: box.y + (band.height - height) / 2, width: width, height: height))
        try label.setAlphaModulation(255)
    }

    /// The bar along the bottom edge, its line left-aligned and cut to the bar.
    private func paintStatusBar(_ text: String, in bar: LayoutRect, layout: SceneLayout, renderer: Renderer) throws {
        try renderer.setDrawColor(RGBA(r: 8, g: 8, b: 10))
        try renderer.fill(bar)
        guard
            let label = try texts.texture(
                text, pointSize: layout.px(SceneLayout.statusPointSize), color: RGBA(r: 215, g: 218, b: 226),
                renderer: renderer, fitting: bar.width - 2 * layout.px(10))
        else { return }
        let inset = layout.px(10)
        try copy(
            label,
            clippedTo: LayoutRect(
                x: bar.x + inset, y: bar.y + max((bar.height - label.height) / 2, 0),
                width: max(bar.width - 2 * inset, 0), height: bar.height),
            renderer: renderer)
    }

    private func paintPanel(_ lines: [String], in box: LayoutRect, layout: SceneLayout, renderer: Renderer) throws {
        let point = layout.px(SceneLayout.panelPointSize)
        if glyphs.pointSize != point { glyphs = GlyphAtlas(pointSize: point) }
        let lineHeight = glyphs.lineHeight
        let padding = layout.px(8)
        // The font's own advance may differ from the layout's estimate by a pixel: whichever fits fewer decides.
        let fitting = min(layout.panelCharacters, max(box.width - 2 * padding - 2, 0) / max(glyphs.advance, 1))
        try renderer.blend(box, color: RGBA(r: 0, g: 0, b: 0, a: 170))
        try renderer.setClip(box)
        defer { try? renderer.setClip(nil) }
        for (index, line) in lines.enumerated() {
            try glyphs.draw(
                SceneLayout.elided(line, toCharacters: fitting),
                at: PixelPoint(x: box.x + padding + 2, y: box.y + padding + index * lineHeight),
                color: RGBA(r: 225, g: 230, b: 235), renderer: renderer)
        }
    }

    private func paintHelp(_ help: SceneLayout.HelpLayout, frame: SceneLayout, renderer: Renderer) throws {
        try renderer.blend(
            PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), color: RGBA(r: 0, g: 0, b: 0, a: 190))
        // The title a quarter larger than the lines, or as large as fits the width down to the lines' size; narrower
        // still, its short form (which ends in "…" if even that is too long).
        let room = LayoutRect(
            x: help.title.x, y: help.title.y, width: max(help.area.maxX - help.title.x, help.title.width),
            height: help.title.height)
        var text = help.maxScroll > 0 ? Self.scrollingHelpTitle : Self.helpTitle
        var point = help.pointSize * 5 / 4
        while point > help.pointSize, try texts.elided(text, pointSize: point, toWidth: room.width) != text {
            point -= 1
        }
        if try texts.elided(text, pointSize: point, toWidth: room.width) != text, help.maxScroll > 0 {
            text = Self.shortScrollingHelpTitle
        }
        if let title = try texts.texture(
            text, pointSize: point, color: RGBA(r: 255, g: 255, b: 255), renderer: renderer, fitting: room.width)
        {
            try copy(title, clippedTo: room, renderer: renderer)
        }
        for (column, box) in help.columns.enumerated() {
            for (row, line) in help.lines(inColumn: column).enumerated() {
                guard
                    let texture = try texts.texture(
                        line.isEmpty ? " " : line, pointSize: help.pointSize, color: RGBA(r: 220, g: 224, b: 230),
                        renderer: renderer, monospaced: true)
                else { continue }
                let lineBox = LayoutRect(
                    x: box.x, y: box.y + row * help.lineHeight, width: box.width, height: help.lineHeight)
                try copy(texture, clippedTo: lineBox, renderer: renderer)
            }
        }
    }

    /// The help's title.
    static let helpTitle = "Keys and gestures — any key closes this"
    /// The help's title when it is longer than the window.
    static let scrollingHelpTitle = "Keys and gestures — Up, Down: scroll; any other key closes"
    /// The scrolling help's title in a window too narrow for `scrollingHelpTitle`.
    static let shortScrollingHelpTitle = "Up, Down: scroll; any other key closes"

    /// Copies `texture` to the top-left of `box`, cut to it.
    private func copy(_ texture: Texture, clippedTo box: LayoutRect, renderer: Renderer) throws {
        let width = min(texture.width, box.width)
        let height = min(texture.height, box.height)
        guard width > 0, height > 0 else { return }
        try renderer.copy(
            texture, from: PixelRect(x: 0, y: 0, width: width, height: height),
            to: PixelRect(x: box.x, y: box.y, width: width, height: height))
    }

    /// A white anti-aliased disc of `diameter`, tinted by alpha.
    private func dotTexture(diameter size: Int, renderer: Renderer) throws -> Texture {
        if let dot, dot.renderer === renderer, dot.width == size { return dot }
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
