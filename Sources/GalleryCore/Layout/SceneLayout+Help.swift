/// The help's layout: columns, smaller text, wrapping and scrolling, so it fits any window.
extension SceneLayout {
    /// The help's title line and its columns of lines, all at `pointSize`.
    public struct HelpLayout: Equatable, Sendable {
        /// Everything the help may draw in.
        public var area: LayoutRect
        /// The title line's box.
        public var title: LayoutRect
        /// The columns' boxes, left to right, each `linesPerColumn` lines tall.
        public var columns: [LayoutRect]
        /// Lines in each column.
        public var linesPerColumn: Int
        /// The monospaced text's point size (the title is a quarter larger).
        public var pointSize: Int
        /// Pixels from one line to the next.
        public var lineHeight: Int
        /// The lines as laid out (wrapped when the window is too narrow for them).
        public var lines: [String]
        /// The first line shown, when they scroll.
        public var scroll: Int
        /// How far the lines can scroll: 0 when they all show.
        public var maxScroll: Int

        /// The lines in column `index`.
        public func lines(inColumn index: Int) -> ArraySlice<String> {
            let start = min(scroll + index * linesPerColumn, lines.count)
            return lines[start..<min(start + linesPerColumn, lines.count)]
        }
    }

    /// The help in `area`: one column at the full size if it fits, else more columns, else smaller text down to
    /// `minimumHelpPointSize`; there, lines too long for the width wrap (indented), and what the height cannot hold
    /// scrolls (Up, Down and the wheel while the help is open), from line `scroll`.
    static func helpLayout(_ given: [String], in area: LayoutRect, scale: Double, scroll: Int) -> HelpLayout {
        let longest = max(given.map(\.count).max() ?? 1, 1)
        let gutter = px(24, scale: scale)
        var point = px(helpPointSize, scale: scale)
        let smallest = min(minimumHelpPointSize, point)
        while true {
            let lineHeight = lineHeight(pointSize: point) + 2
            let titleHeight = Self.lineHeight(pointSize: point * 5 / 4)
            let titleGap = px(12, scale: scale)
            let advance = monoAdvance(pointSize: point)
            let rows = max((area.height - titleHeight - titleGap) / lineHeight, 1)
            let maxChars = max(area.width / advance, 1)
            let fitsWide = longest <= maxChars
            let columnsFitting = fitsWide ? max((area.width + gutter) / (longest * advance + gutter), 1) : 1
            let columnsNeeded = (given.count + rows - 1) / rows
            guard (fitsWide && columnsNeeded <= columnsFitting) || point <= smallest else {
                point -= 1
                continue
            }
            let lines = fitsWide ? given : given.flatMap { wrap($0, width: maxChars) }
            let width = min(lines.map(\.count).max() ?? 1, maxChars) * advance
            let count = max(min((lines.count + rows - 1) / rows, columnsFitting), 1)
            let perColumn = min((lines.count + count - 1) / count, rows)
            let maxScroll = max(lines.count - count * perColumn, 0)
            let usedWidth = min(count * width + (count - 1) * gutter, area.width)
            let usedHeight = titleHeight + titleGap + perColumn * lineHeight
            let x = area.x + (area.width - usedWidth) / 2
            let y = area.y + max((area.height - usedHeight) / 2, 0)
            let columns = (0..<count).map { index in
                LayoutRect(
                    x: x + index * (width + gutter), y: y + titleHeight + titleGap, width: width,
                    height: perColumn * lineHeight)
            }
            return HelpLayout(
                area: area, title: LayoutRect(x: x, y: y, width: usedWidth, height: titleHeight), columns: columns,
                linesPerColumn: perColumn, pointSize: point, lineHeight: lineHeight, lines: lines,
                scroll: min(max(scroll, 0), maxScroll), maxScroll: maxScroll)
        }
    }

    /// `line` cut at spaces into pieces of at most `width` characters, the pieces after the first indented by four
    /// (a word longer than the width is cut where it must be).
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let indent = width > 8 ? "    " : ""
        var pieces: [String] = []
        var rest = Substring(line)
        var prefix = ""
        while prefix.count + rest.count > width {
            let room = width - prefix.count
            let window = rest.prefix(room + 1)
            let cut =
                window.lastIndex(of: " ").flatMap { $0 > rest.startIndex ? $0 : nil }
                ?? rest.index(rest.startIndex, offsetBy: room)
            var piece = rest[..<cut]
            while piece.last == " " { piece = piece.dropLast() }
            pieces.append(prefix + piece)
            rest = rest[cut...].drop { $0 == " " }
            prefix = indent
        }
        if !rest.isEmpty { pieces.append(prefix + rest) }
        return pieces
    }
}
