import PagerEngine
import Support

/// Where everything over the photos goes in one frame, in output pixels: a pure function of the overlay state, the
/// wheel's rows, the output size and the scale. The painters draw into these rectangles (clipping text to them) and
/// clicks are hit-tested against the same value, so what is drawn and what is clicked never disagree.
///
/// Bottom up: the status bar (when on) along the bottom edge, the page dots in the page gap above it, the page
/// information above the dots (in the wheel, in the free crescent beside the centred row, so it covers no row);
/// the panel in the top-left corner above the information; the help over everything else (the panel hides while
/// it shows), in columns and smaller text when it does not fit in one.
public struct SceneLayout: Equatable, Sendable {
    /// The output's width and height in pixels.
    public var width: Int
    public var height: Int
    /// Output pixels per layout point (1, 1.5, 2 on a HiDPI desktop).
    public var scale: Double
    /// The part of the frame the photos and the wheel's rows are shown in: all of it, less the status bar when on.
    public var photoArea: LayoutRect
    /// The box a photo is fitted into, centred in `photoArea`: less the page gap (half on each side), scaled.
    public var pageBox: LayoutRect
    /// The page dots' discs, one per logical page (empty when they do not show or do not fit).
    public var dots: [LayoutRect]
    /// The box the page information is centred in, its text clipped to it (none while the help shows).
    public var label: LayoutRect?
    /// The information panel's box (none while the help shows).
    public var panel: LayoutRect?
    /// The panel's lines that fit in its box.
    public var panelLineCount: Int
    /// Characters of a panel line that fit across its box (longer lines end in "…": `elided(_:toCharacters:)`).
    public var panelCharacters = 0
    /// The help's title and columns, when it shows.
    public var help: HelpLayout? = nil
    /// The status bar along the bottom edge, when on.
    public var statusBar: LayoutRect? = nil
    /// The wheel's rows: which photo each shows and its card.
    public var wheelRows: [WheelRowBox]
    /// The left and right thirds: a click there turns the page.
    public var leftThird: LayoutRect
    public var rightThird: LayoutRect

    /// A wheel row's card and the photo it shows.
    public struct WheelRowBox: Equatable, Sendable {
        /// The photo (library index).
        public var row: Int
        /// The slot it rides in (the centred one is highlighted).
        public var slot: Int
        /// Its card: the slot on the arc less the margin.
        public var card: LayoutRect
    }

    // MARK: Sizes at scale 1 (points), and the font's measures

    /// Space between neighbouring pages at scale 1, half on each side of a slot: a photo filling the height ends
    /// half of it above the bottom edge (or the status bar), the room the page dots sit in.
    public static let pageGap = 32
    /// Pixels between dot centres, each dot's diameter, at scale 1.
    public static let dotSpacing = 18
    public static let dotDiameter = 8
    /// Distance of the dots' centres from the bottom edge (or the status bar), at scale 1: the middle of the 16 px
    /// below a photo that fills the height (half the page gap), so they never cover its bottom edge.
    public static let dotsInset = 8
    /// The page information's point size and the panel's, the status bar's and the help's, at scale 1.
    public static let labelPointSize = 16
    public static let panelPointSize = 14
    public static let statusPointSize = 13
    public static let helpPointSize = 14
    /// The smallest the help's text gets before its lines are cut.
    public static let minimumHelpPointSize = 8
    /// DejaVu Sans's line height per point (SDL_ttf's TTF_FontHeight: 19 px at 16 pt), rounded up.
    public static let lineHeightPerPoint = 1.17
    /// DejaVu Sans Mono's advance per point (8.4 px at 14 pt, which SDL_ttf hints to 8).
    public static let monoAdvancePerPoint = 0.6
    /// A wheel card's margin inside its slot, at scale 1.
    public static let wheelMargin = 6

    /// The line height of text at `pointSize`.
    public static func lineHeight(pointSize: Int) -> Int { Int((Double(pointSize) * lineHeightPerPoint).rounded(.up)) }

    /// The monospaced advance at `pointSize`.
    public static func monoAdvance(pointSize: Int) -> Int {
        Int((Double(pointSize) * monoAdvancePerPoint).rounded())
    }

    /// `points` at this layout's scale, in whole pixels.
    public func px(_ points: Int) -> Int { Self.px(points, scale: scale) }

    /// `points` at `scale`, in whole pixels (at least 1 for a positive length).
    public static func px(_ points: Int, scale: Double) -> Int {
        points == 0 ? 0 : max(Int((Double(points) * scale).rounded()), 1)
    }

    /// The layout of a `width` × `height` output at `scale` showing `overlay`, with the wheel's `rows` on `wheel`.
    public init(
        width: Int, height: Int, scale: Double = 1, overlay: OverlayState, wheel: WheelLayout? = nil,
        wheelRows: [WheelRow] = []
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        (leftThird, rightThird) = Self.thirds(width: width, height: height)
        let margin = Self.px(10, scale: scale)

        var bottom = height
        if overlay.status != nil {
            let barHeight = Self.statusBarHeight(scale: scale)
            statusBar = LayoutRect(x: 0, y: max(height - barHeight, 0), width: width, height: min(barHeight, height))
            bottom = max(height - barHeight, 0)
        }
        photoArea = LayoutRect(x: 0, y: 0, width: width, height: bottom)
        pageBox = Self.pageBox(in: photoArea, scale: scale)
        self.wheelRows =
            wheel.map { Self.cards(of: wheelRows, on: $0, margin: Self.px(Self.wheelMargin, scale: scale)) } ?? []
        panelLineCount = 0
        // The help is modal: over the dimmed frame, it takes the room of the information, dots and panel.
        if let lines = overlay.help {
            dots = []
            let area = LayoutRect(
                x: margin, y: margin, width: max(width - 2 * margin, 0), height: max(bottom - 2 * margin, 0))
            help = Self.helpLayout(lines, in: area, scale: scale, scroll: overlay.helpScroll)
            return
        }
        dots = Self.dotRects(overlay.dots, width: width, bottom: bottom, scale: scale)
        let dotsTop = dots.first.map(\.y) ?? bottom

        let labelHeight =
            Self.lineHeight(pointSize: Self.px(Self.labelPointSize, scale: scale)) + Self.px(8, scale: scale)
        let labelSide = Self.px(8, scale: scale)
        // 38 px above the bottom edge at scale 1, as before the dots moved into the page gap: clear of a photo's
        // bottom corners in a small window.
        let labelBottom = dots.isEmpty ? bottom - Self.px(38, scale: scale) : dotsTop - Self.px(26, scale: scale)
        var label = LayoutRect(
            x: labelSide, y: labelBottom - labelHeight, width: max(width - 2 * labelSide, 0), height: labelHeight)
        // In the wheel the bottom edge is a row: the information goes beside the centred row instead.
        if let wheel {
            label = Self.crescentLabel(
                height: labelHeight, side: labelSide, wheel: wheel, cards: self.wheelRows.map(\.card), frameWidth: width
            )
        }
        self.label = label

        if let lines = overlay.panel {
            let point = Self.px(Self.panelPointSize, scale: scale)
            let lineHeight = Self.lineHeight(pointSize: point)
            let padding = Self.px(8, scale: scale)
            // Above the information (beside it in the wheel, where it sits mid-height: the panel stops above it).
            let room = max(label.y - margin - margin - 2 * padding, 0)
            panelLineCount = min(lines.count, room / max(lineHeight, 1))
            let advance = max(Self.monoAdvance(pointSize: point), 1)
            let textWidth = (lines.map(\.count).max() ?? 0) * advance
            let boxWidth = min(textWidth + 2 * padding + 4, max(width - 2 * margin, 0))
            panelCharacters = max(boxWidth - 2 * padding - 4, 0) / advance
            panel = LayoutRect(
                x: margin, y: margin, width: boxWidth, height: panelLineCount * lineHeight + 2 * padding)
        }
    }

    /// The wheel's name and index point sizes, at scale 1.
    public static let wheelNamePointSize = 20
    public static let wheelIndexPointSize = 13

    /// A wheel row's name and index point sizes in a card `cardHeight` pixels tall at `scale`: 20 and 13 points,
    /// shrunk together when the two lines would not fit inside the card's margins (a short row at scale 2).
    public static func wheelTextPointSizes(cardHeight: Int, scale: Double) -> (name: Int, index: Int) {
        var name = px(wheelNamePointSize, scale: scale)
        var index = px(wheelIndexPointSize, scale: scale)
        let room = cardHeight - 2 * px(wheelMargin, scale: scale)
        while name > 6, lineHeight(pointSize: name) + lineHeight(pointSize: index) > room {
            name -= 1
            index = max(name * wheelIndexPointSize / wheelNamePointSize, 5)
        }
        return (name, index)
    }

    /// The status bar's height at `scale`: a line of its text and a little room.
    public static func statusBarHeight(scale: Double) -> Int {
        lineHeight(pointSize: px(statusPointSize, scale: scale)) + px(6, scale: scale)
    }

    /// The box a photo is fitted into in `area` at `scale`: the area less the page gap, centred.
    public static func pageBox(in area: LayoutRect, scale: Double) -> LayoutRect {
        let gap = px(pageGap, scale: scale)
        let width = max(area.width - gap, 1), height = max(area.height - gap, 1)
        return LayoutRect(
            x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
    }

    /// `line` cut to at most `count` characters of a monospaced font, its end "…" when cut (nothing when no room).
    public static func elided(_ line: String, toCharacters count: Int) -> String {
        guard line.count > count else { return line }
        guard count > 1 else { return count == 1 ? "…" : "" }
        var start = line.prefix(count - 1)
        while start.last == " " { start = start.dropLast() }
        return start + "…"
    }

    /// Which way a click at `x` in a frame `width` wide turns the page: −1 in the left third (`x < width / 3`), +1 in
    /// the right one (`x ≥ 2 · width / 3`), `nil` in the middle.
    public static func turn(atX x: Double, width: Double) -> Int? {
        x < width / 3 ? -1 : x >= width * 2 / 3 ? 1 : nil
    }

    /// The pixels of a `width` × `height` frame whose click turns the page back and on (`turn(atX:width:)`).
    public static func thirds(width: Int, height: Int) -> (left: LayoutRect, right: LayoutRect) {
        let leftWidth = Int((Double(width) / 3).rounded(.up))
        let rightX = Int((Double(width) * 2 / 3).rounded(.up))
        return (
            LayoutRect(x: 0, y: 0, width: leftWidth, height: height),
            LayoutRect(x: rightX, y: 0, width: width - rightX, height: height)
        )
    }

    /// Each row's card: its slot on the arc less the margin.
    private static func cards(of rows: [WheelRow], on wheel: WheelLayout, margin: Int) -> [WheelRowBox] {
        rows.map { row in
            let top = wheel.viewportHeight / 2 + row.y - wheel.rowHeight / 2
            let card = LayoutRect(
                x: Int(row.x.rounded()), y: Int(top.rounded()), width: Int(wheel.rowWidth.rounded()),
                height: Int(wheel.rowHeight.rounded())
            ).inset(by: margin)
            return WheelRowBox(row: row.row, slot: row.slot, card: card)
        }
    }

    /// The page dots: centred, `dotsInset` above `bottom`; spaced closer and smaller when the row would not fit.
    private static func dotRects(_ dots: OverlayState.Dots?, width: Int, bottom: Int, scale: Double) -> [LayoutRect] {
        guard let dots, dots.count > 0 else { return [] }
        let room = width - 2 * px(10, scale: scale)
        let spacing = min(px(dotSpacing, scale: scale), dots.count > 1 ? room / (dots.count - 1) : room)
        // Crowded dots shrink (20 of them across 320 px at scale 2) rather than touch; too small to see, none.
        let diameter = min(px(dotDiameter, scale: scale), spacing - 2)
        guard diameter >= 3 else { return [] }
        let centreY = bottom - px(dotsInset, scale: scale)
        let left = width / 2 - (dots.count - 1) * spacing / 2
        return (0..<dots.count).map { index in
            LayoutRect(
                x: left + index * spacing - diameter / 2, y: centreY - diameter / 2, width: diameter, height: diameter)
        }
    }

    /// In the wheel, the information goes beside the centred row, in the crescent the arc leaves free (left of a
    /// clockwise arc, right of an anticlockwise one), as wide as no card covers it.
    private static func crescentLabel(
        height: Int, side: Int, wheel: WheelLayout, cards: [LayoutRect], frameWidth: Int
    ) -> LayoutRect {
        let top = Int(wheel.viewportHeight / 2) - height / 2
        let band = LayoutRect(x: 0, y: top, width: frameWidth, height: height)
        let beside = cards.filter { $0.y < band.maxY && band.y < $0.maxY }
        switch wheel.direction {
        case .clockwise:
            let right = beside.map(\.x).min() ?? frameWidth
            return LayoutRect(x: side, y: top, width: max(right - 2 * side, 0), height: height)
        case .anticlockwise:
            let left = beside.map(\.maxX).max() ?? 0
            return LayoutRect(x: left + side, y: top, width: max(frameWidth - left - 2 * side, 0), height: height)
        }
    }

    // MARK: Hit-testing

    /// The page whose dot is under (`x`, `y`), if any (a generous hit box: half the spacing each way).
    public func dot(atX x: Int, y: Int) -> Int? {
        guard dots.count > 0 else { return nil }
        let spacing = dots.count > 1 ? dots[1].x - dots[0].x : px(Self.dotSpacing)
        let reach = max(spacing / 2, px(Self.dotSpacing) / 2)
        return dots.indices.first { index in
            let centreX = dots[index].x + dots[index].width / 2
            let centreY = dots[index].y + dots[index].height / 2
            return abs(x - centreX) <= min(reach, spacing / 2 + 1) && abs(y - centreY) <= reach
        }
    }

    /// The photo whose wheel card is under (`x`, `y`), if any.
    public func wheelRow(atX x: Int, y: Int) -> Int? {
        wheelRows.first { $0.card.contains(x: x, y: y) }?.row
    }
}
