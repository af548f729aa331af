import GalleryCore
import Imaging
import Support

/// Draws what sits over the photos into the boxes `SceneLayout` gives them: the fading page information, page dots,
/// the information panel and the help. Text is rasterised once and cached: static text in `TextCache`, the panel's
/// changing numbers from a glyph atlas.
@MainActor
final class OverlayPainter {
    private let texts: TextCache
    /// The panel's glyphs, at the layout's scaled point size.
    private var glyphs: GlyphAtlas
    private var dot: (any CanvasTexture)?

    init(texts: TextCache) {
        self.texts = texts
        glyphs = GlyphAtlas(pointSize: SceneLayout.panelPointSize, fonts: texts.fonts)
    }

    /// Texts whose textures are held (the scene's with the overlay's: they share one cache).
    var textCount: Int { texts.count }

    /// Makes the textures `paint` draws for the same `state` and `layout`: the dot, the labels, the panel's glyphs and
    /// the help's lines. Runs before painting, so painting only draws.
    func prepare(_ state: OverlayState, layout: SceneLayout, renderer: any Canvas) throws {
        if !layout.dots.isEmpty, state.dots != nil {
            let size = layout.dots[0].width
            if dot?.canvas !== renderer || dot?.width != size {
                dot = try Self.makeDot(diameter: size, renderer: renderer)
            }
        }
        var requests: [TextRequest] = []
        if state.infoOpacity > 0, let band = layout.label,
            let label = try infoLabel(state.info, in: band, layout: layout)
        {
            requests.append(label)
        }
        if let panel = state.panel, layout.panel != nil {
            let point = layout.px(SceneLayout.panelPointSize)
            if glyphs.pointSize != point { glyphs = GlyphAtlas(pointSize: point, fonts: texts.fonts) }
            if let box = layout.panel {
                for line in shownPanelLines(panel, in: box, layout: layout) {
                    try glyphs.prepare(line, renderer: renderer)
                }
            }
        }
        if let help = layout.help { requests += try helpTexts(help).map(\.request) }
        if let status = state.status, let bar = layout.statusBar {
            requests.append(Self.statusLabel(status, in: bar, layout: layout))
        }
        if let warning = state.warning { requests.append(Self.warningLabel(warning, layout: layout)) }
        try texts.prepare(requests, renderer: renderer)
    }

    /// Draws `state` where `layout` puts it, from the textures `prepare` made.
    func paint(_ state: OverlayState, layout: SceneLayout, renderer: any Canvas) throws {
        if !layout.dots.isEmpty, let dots = state.dots { try paintDots(dots, layout: layout, renderer: renderer) }
        if state.infoOpacity > 0, let band = layout.label {
            try paintInfo(state.info, opacity: state.infoOpacity, in: band, layout: layout, renderer: renderer)
        }
        if let panel = state.panel, let box = layout.panel {
            try paintPanel(shownPanelLines(panel, in: box, layout: layout), in: box, layout: layout, renderer: renderer)
        }
        if let help = layout.help { try paintHelp(help, frame: layout, renderer: renderer) }
        if let status = state.status, let bar = layout.statusBar {
            try paintStatusBar(status, in: bar, layout: layout, renderer: renderer)
        }
        if let warning = state.warning { try paintWarning(warning, layout: layout, renderer: renderer) }
    }

    /// The colour of the standing warning's box: a dark amber, seen on any photo without hiding it.
    static let warningFill = RGBA(r: 120, g: 72, b: 0, a: 230)

    /// The standing warning's line, cut to the window less its margins.
    private static func warningLabel(_ text: String, layout: SceneLayout) -> TextRequest {
        TextRequest(
            text: text, pointSize: layout.px(SceneLayout.statusPointSize), color: RGBA(r: 255, g: 236, b: 200),
            fitting: max(layout.width - 4 * layout.px(8), 1))
    }

    /// The warning in a small box in the top-left corner, drawn last, over everything: it stays while it holds.
    private func paintWarning(_ text: String, layout: SceneLayout, renderer: any Canvas) throws {
        guard let label = try texts.texture(Self.warningLabel(text, layout: layout)) else { return }
        let margin = layout.px(8)
        let padding = layout.px(6)
        let width = min(label.width, max(layout.width - 2 * margin - 2 * padding, 1))
        let box = PixelRect(x: margin, y: margin, width: width + 2 * padding, height: label.height + 2 * padding)
        try renderer.blend(box, color: Self.warningFill)
        try renderer.copy(
            label, from: PixelRect(x: 0, y: 0, width: width, height: label.height),
            to: PixelRect(x: margin + padding, y: margin + padding, width: width, height: label.height))
    }

    private func paintDots(_ dots: OverlayState.Dots, layout: SceneLayout, renderer: any Canvas) throws {
        guard let texture = dot else { return }
        for (index, rect) in layout.dots.enumerated() {
            try texture.setAlphaModulation(index == dots.current ? 235 : 90)
            try renderer.copy(texture, to: rect)
        }
    }

    /// The page information's label in `band`: too narrow for the whole line (the wheel's crescent in a small
    /// window), the index alone ("1 / 12") rather than its first characters, as the name is on the row beside it.
    private func infoLabel(_ text: String, in band: LayoutRect, layout: SceneLayout) throws -> TextRequest? {
        let padding = layout.px(12)
        let pointSize = layout.px(SceneLayout.labelPointSize)
        guard band.width > 2 * padding else { return nil }
        var shown = text
        if !layout.wheelRows.isEmpty,
            let index = text.firstRange(of: " \u{2014} ").map({ String(text[..<$0.lowerBound]) }),
            try texts.elided(text, pointSize: pointSize, toWidth: band.width - 2 * padding) != text
        {
            shown = index
        }
        return TextRequest(
            text: shown, pointSize: pointSize, color: RGBA(r: 240, g: 240, b: 245), fitting: band.width - 2 * padding)
    }

    private func paintInfo(
        _ text: String, opacity: Double, in band: LayoutRect, layout: SceneLayout, renderer: any Canvas
    ) throws {
        let padding = layout.px(12)
        guard let request = try infoLabel(text, in: band, layout: layout), let label = try texts.texture(request)
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

    /// The status bar's line, cut to the bar.
    private static func statusLabel(_ text: String, in bar: LayoutRect, layout: SceneLayout) -> TextRequest {
        TextRequest(
            text: text, pointSize: layout.px(SceneLayout.statusPointSize), color: RGBA(r: 215, g: 218, b: 226),
            fitting: bar.width - 2 * layout.px(10))
    }

    /// The bar along the bottom edge, its line left-aligned and cut to the bar.
    private func paintStatusBar(_ text: String, in bar: LayoutRect, layout: SceneLayout, renderer: any Canvas) throws {
        try renderer.setDrawColor(RGBA(r: 8, g: 8, b: 10))
        try renderer.fill(bar)
        guard let label = try texts.texture(Self.statusLabel(text, in: bar, layout: layout)) else { return }
        let inset = layout.px(10)
        try copy(
            label,
            clippedTo: LayoutRect(
                x: bar.x + inset, y: bar.y + max((bar.height - label.height) / 2, 0),
                width: max(bar.width - 2 * inset, 0), height: bar.height),
            renderer: renderer)
    }

    /// The panel's lines as drawn in `box` (and so as their glyphs are prepared, "…" included): those that fit, each
    /// cut to the box's width with "…"; when the box holds fewer than all, the last one says how many are left out.
    private func shownPanelLines(_ lines: [String], in box: LayoutRect, layout: SceneLayout) -> [String] {
        let padding = layout.px(8)
        // The font's own advance may differ from the layout's estimate by a pixel: whichever fits fewer decides.
        let fitting = min(layout.panelCharacters, max(box.width - 2 * padding - 2, 0) / max(glyphs.advance, 1))
        var shown = Array(lines.prefix(layout.panelLineCount))
        if shown.count < lines.count, !shown.isEmpty {
            shown[shown.count - 1] = "… \(lines.count - shown.count + 1) more lines"
        }
        return shown.map { SceneLayout.elided($0, toCharacters: fitting) }
    }

    private func paintPanel(_ lines: [String], in box: LayoutRect, layout: SceneLayout, renderer: any Canvas) throws {
        let lineHeight = glyphs.lineHeight
        let padding = layout.px(8)
        try renderer.blend(box, color: RGBA(r: 0, g: 0, b: 0, a: 170))
        try renderer.setClip(box)
        defer { try? renderer.setClip(nil) }
        for (index, line) in lines.enumerated() {
            try glyphs.draw(
                line,
                at: PixelPoint(x: box.x + padding + 2, y: box.y + padding + index * lineHeight),
                color: RGBA(r: 225, g: 230, b: 235), renderer: renderer)
        }
    }

    /// The help's texts and where each is drawn, cut to: the title a quarter larger than the lines, or as large as fits
    /// the width down to the lines' size (narrower still, its short form, which ends in "…" if even that is too long),
    /// then each column's lines.
    private func helpTexts(_ help: SceneLayout.HelpLayout) throws -> [(request: TextRequest, box: LayoutRect)] {
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
        var result = [
            (TextRequest(text: text, pointSize: point, color: RGBA(r: 255, g: 255, b: 255), fitting: room.width), room)
        ]
        for (column, box) in help.columns.enumerated() {
            for (row, line) in help.lines(inColumn: column).enumerated() {
                result.append(
                    (
                        TextRequest(
                            text: line.isEmpty ? " " : line, pointSize: help.pointSize,
                            color: RGBA(r: 220, g: 224, b: 230), monospaced: true),
                        LayoutRect(
                            x: box.x, y: box.y + row * help.lineHeight, width: box.width, height: help.lineHeight)
                    ))
            }
        }
        return result
    }

    private func paintHelp(_ help: SceneLayout.HelpLayout, frame: SceneLayout, renderer: any Canvas) throws {
        try renderer.blend(
            PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), color: RGBA(r: 0, g: 0, b: 0, a: 190))
        for (request, box) in try helpTexts(help) {
            guard let texture = try texts.texture(request) else { continue }
            try copy(texture, clippedTo: box, renderer: renderer)
        }
        if let bar = Self.helpScrollBar(help, frame: frame) {
            try renderer.blend(bar.track, color: RGBA(r: 255, g: 255, b: 255, a: 50))
            try renderer.blend(bar.thumb, color: RGBA(r: 255, g: 255, b: 255, a: 210))
        }
    }

    /// A scroll bar in the right margin beside the help's lines when they do not all show, so lines cut at the bottom
    /// (or scrolled off the top) show that the help goes on, and where the lines shown sit among them.
    static func helpScrollBar(_ help: SceneLayout.HelpLayout, frame: SceneLayout) -> (
        track: PixelRect, thumb: PixelRect
    )? {
        guard help.maxScroll > 0, let first = help.columns.first, !help.lines.isEmpty else { return nil }
        let width = frame.px(4)
        let track = PixelRect(
            x: help.area.maxX + max((frame.width - help.area.maxX - width) / 2, 0), y: first.y, width: width,
            height: first.height)
        let shown = help.columns.count * help.linesPerColumn
        let height = max(track.height * shown / help.lines.count, width)
        let y = track.y + (track.height - height) * help.scroll / help.maxScroll
        return (track, PixelRect(x: track.x, y: y, width: width, height: height))
    }

    /// The help's title.
    static let helpTitle = "Keys and gestures — any key closes this"
    /// The help's title when it is longer than the window.
    static let scrollingHelpTitle = "Keys and gestures — Up, Down: scroll; any other key closes"
    /// The scrolling help's title in a window too narrow for `scrollingHelpTitle`.
    static let shortScrollingHelpTitle = "Up, Down: scroll; any other key closes"

    /// Copies `texture` to the top-left of `box`, cut to it.
    private func copy(_ texture: any CanvasTexture, clippedTo box: LayoutRect, renderer: any Canvas) throws {
        let width = min(texture.width, box.width)
        let height = min(texture.height, box.height)
        guard width > 0, height > 0 else { return }
        try renderer.copy(
            texture, from: PixelRect(x: 0, y: 0, width: width, height: height),
            to: PixelRect(x: box.x, y: box.y, width: width, height: height))
    }

    /// A white anti-aliased disc of `diameter`, tinted by alpha.
    private static func makeDot(diameter size: Int, renderer: any Canvas) throws -> any CanvasTexture {
        let radius = Double(size) / 2
        let pixels = try PixelBuffer(width: size, height: size, format: .argb8888)
        pixels.paint { x, y in
            let dx = Double(x) + 0.5 - radius
            let dy = Double(y) + 0.5 - radius
            let coverage = min(max(radius + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
            return RGBA(r: 255, g: 255, b: 255, a: UInt8((coverage * 255).rounded()))
        }
        return try renderer.makeTexture(from: pixels)
    }
}
