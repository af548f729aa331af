import Support

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
    /// `minimumHelpPointSize` at `scale` (so a larger scale never draws it smaller); there, lines too long for the
    /// width wrap (`wrap(_:width:)`), and what the height cannot hold scrolls (Up, Down and the wheel while the help is
    /// open), from line `scroll`.
    static func helpLayout(_ written: [String], in area: LayoutRect, scale: Double, scroll: Int) -> HelpLayout {
        let dotted = written.map(dottedEllipses)
        let gutter = px(24, scale: scale)
        var point = px(helpPointSize, scale: scale)
        let smallest = min(px(minimumHelpPointSize, scale: scale), point)
        while true {
            let lineHeight = lineHeight(pointSize: point) + 2
            let titleHeight = Self.lineHeight(pointSize: point * 5 / 4)
            let titleGap = px(12, scale: scale)
            let advance = monoAdvance(pointSize: point)
            let given = advance < legibleEllipsisAdvance ? dotted : written
            let longest = max(given.map(\.count).max() ?? 1, 1)
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

    /// The narrowest monospaced cell whose "…" reads as three dots: in a narrower one (8 pt, 5 px) SDL_ttf's
    /// anti-aliased dots run together into a line, and "F2…F7" reads "F2_F7".
    static let legibleEllipsisAdvance = 7

    /// `line` with each "…" written "...", for text too small for the glyph to read; "…" in the keys' column takes the
    /// two characters from the padding before the description, so the description column stays where it was.
    static func dottedEllipses(_ line: String) -> String {
        guard line.contains("…") else { return line }
        guard let column = descriptionColumn(of: line) else { return line.replacing("…", with: "...") }
        let keys = line.prefix(column)
        let description = line.dropFirst(column).replacing("…", with: "...")
        let added = 2 * keys.filter { $0 == "…" }.count
        var widened = keys.replacing("…", with: "...")
        // Only padding is taken: a keys' column without two spaces to spare pushes the description along instead.
        var spare = 0
        for character in widened.reversed() {
            guard character == " " else { break }
            spare += 1
        }
        if spare >= added + 2 { widened.removeLast(added) }
        return String(widened) + description
    }

    /// The fewest characters a description keeps beside its keys: below it, the keys take a line of their own.
    static let narrowestHelpDescription = 20

    /// `line` cut at spaces into lines of at most `width` characters. A line of keys and their description (padded
    /// into columns, as `KeyMap.helpLines` and `GestureMap.helpLines` make them: at least two spaces between) wraps its
    /// description under the description's column while `narrowestHelpDescription` characters are left there;
    /// narrower, the keys take a line of their own and the description follows below them, indented by four, as do
    /// the pieces of any other line (a word longer than the width is cut where it must be).
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let indent = width > 8 ? 4 : 0
        guard let column = descriptionColumn(of: line) else {
            return wrapped(Substring(line), width: width, hanging: indent)
        }
        let keys = line.prefix(column), description = line.dropFirst(column)
        if width - column >= narrowestHelpDescription {
            let pieces = wrapped(description, width: width - column, hanging: 0)
            return [String(keys) + pieces[0]] + pieces.dropFirst().map { String(repeating: " ", count: column) + $0 }
        }
        var keyLine = keys
        while keyLine.last == " " { keyLine = keyLine.dropLast() }
        let pad = String(repeating: " ", count: indent)
        return wrapped(keyLine, width: width, hanging: indent)
            + wrapped(description, width: width - indent, hanging: 0).map { pad + $0 }
    }

    /// Where a help line's description starts: after the first run of two or more spaces that follows text; nil for a
    /// line without one.
    static func descriptionColumn(of line: String) -> Int? {
        let characters = Array(line)
        var index = 0
        while index < characters.count, characters[index] == " " { index += 1 }
        while index + 1 < characters.count {
            if characters[index] == " ", characters[index + 1] == " " {
                var end = index
                while end < characters.count, characters[end] == " " { end += 1 }
                return end < characters.count ? end : nil
            }
            index += 1
        }
        return nil
    }

    /// `text` cut at spaces into pieces of at most `width` characters, the pieces after the first indented by
    /// `hanging` spaces (a word longer than the room is cut where it must be).
    private static func wrapped(_ text: Substring, width: Int, hanging: Int) -> [String] {
        let width = max(width, 1)
        let indent = hanging < width ? String(repeating: " ", count: hanging) : ""
        var pieces: [String] = []
        var rest = text
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
        if !rest.isEmpty || pieces.isEmpty { pieces.append(prefix + rest) }
        return pieces
    }
}
