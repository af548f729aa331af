import GalleryCore
import PagerEngine
import Support
import Testing

/// The layout value both the painters and the hit-testing use: at every window size from 320 × 240 to 3840 × 2160
/// and scale 1, 1.5 and 2, the overlays stay inside the frame and never cover each other or a wheel row.
@Suite("Scene layout: inside the frame and disjoint at any size and scale")
struct SceneLayoutTests {
    /// Every size × scale the issue names.
    static let cases: [(width: Int, height: Int, scale: Double)] = [
        (320, 240), (480, 320), (1024, 600), (1280, 720), (3840, 2160),
    ].flatMap { size in [1.0, 1.5, 2.0].map { (size.0, size.1, $0) } }

    /// The panel's lines as the window shows them, long ones included.
    static let panel = [
        "mode      bounded", "page      12 / 12", "file      12-cell.jpg", "photo     4000×3000 px",
        "shown     1024×768 · zoom 26 %", "phase     idle", "velocity  0 px/s", "frame     1.2 ms · software renderer",
        "textures  3 · 9000 KiB", "slideshow off",
    ]

    /// Everything shown at once: information, dots, panel, status bar.
    static func overlay(help: Bool = false, status: Bool = true) -> OverlayState {
        OverlayState(
            info: "12 / 12 — 12-cell.jpg · bounded", infoOpacity: 1, dots: .init(count: 20, current: 3),
            panel: panel, help: help ? KeyMap.helpLines + [""] + GestureMap.helpLines : nil,
            status: status ? "12 / 12  12-cell.jpg  4000×3000  26 %  bounded" : nil)
    }

    /// The layout's boxes by name.
    static func boxes(_ layout: SceneLayout) -> [(String, LayoutRect)] {
        var boxes: [(String, LayoutRect)] = []
        if let label = layout.label { boxes.append(("label", label)) }
        boxes += layout.dots.enumerated().map { ("dot \($0.offset)", $0.element) }
        if let panel = layout.panel { boxes.append(("panel", panel)) }
        if let bar = layout.statusBar { boxes.append(("status bar", bar)) }
        if let help = layout.help {
            boxes.append(("help title", help.title))
            boxes += help.columns.enumerated().map { ("help column \($0.offset)", $0.element) }
        }
        return boxes.filter { !$0.1.isEmpty }
    }

    /// Problems: boxes outside the frame, and pairs that overlap.
    static func problems(_ layout: SceneLayout) -> [String] {
        let boxes = boxes(layout)
        var problems = boxes.filter { !$0.1.isInside(width: layout.width, height: layout.height) }.map {
            "\($0.0) \($0.1) is outside \(layout.width)×\(layout.height)"
        }
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] where box.1.intersects(other.1) {
                problems.append("\(box.0) \(box.1) overlaps \(other.0) \(other.1)")
            }
        }
        return problems
    }

    @Test("The information, dots, panel and status bar are inside and disjoint", arguments: cases)
    func overlaysAreDisjoint(width: Int, height: Int, scale: Double) throws {
        for status in [false, true] {
            let layout = SceneLayout(width: width, height: height, scale: scale, overlay: Self.overlay(status: status))
            #expect(Self.problems(layout) == [], "\(width)×\(height) at \(scale)")
            #expect(layout.label != nil && layout.panel != nil)
            #expect(layout.dots.count == 20)
            #expect(layout.statusBar != nil || !status)
        }
    }

    @Test(
        "The help fits: inside, disjoint from the status bar, every line whole and reachable",
        arguments: cases)
    func helpFits(width: Int, height: Int, scale: Double) throws {
        let overlay = Self.overlay(help: true)
        let layout = SceneLayout(width: width, height: height, scale: scale, overlay: overlay)
        #expect(Self.problems(layout) == [], "\(width)×\(height) at \(scale)")
        let help = try #require(layout.help)
        let advance = SceneLayout.monoAdvance(pointSize: help.pointSize)
        let widest = try #require(help.columns.map(\.width).min())
        #expect(help.lines.allSatisfy { $0.count * advance <= widest }, "a help line is cut on the right")
        #expect(help.pointSize >= SceneLayout.minimumHelpPointSize)
        // Every line is shown, or scrolling reaches it.
        let shown = help.columns.count * help.linesPerColumn
        #expect(help.lines.count <= shown || help.maxScroll == help.lines.count - shown)
        // Text too small for the "…" glyph writes "..." (`helpEllipsisReads`).
        #expect(
            help.lines.joined().filter { !$0.isWhitespace }.replacing("...", with: "…")
                == overlay.help?.joined().filter { !$0.isWhitespace })
        // Big windows need no scrolling (at a larger scale the text is larger, so a 1280 × 720 window may scroll).
        if (width >= 1024 && scale <= 1) || width >= 3840 { #expect(help.maxScroll == 0) }
    }

    @Test("Help text too small for the \"…\" glyph to read (its dots run into a line) writes \"...\" in its place")
    func helpEllipsisReads() throws {
        let written = try #require(Self.overlay(help: true).help?.first { $0.hasPrefix("F2…F7") })
        // 8 pt in 480 × 320: a 5 px cell, where SDL_ttf drew "F2…F7" as "F2_F7".
        let small = try #require(SceneLayout(width: 480, height: 320, overlay: Self.overlay(help: true)).help)
        #expect(SceneLayout.monoAdvance(pointSize: small.pointSize) == 5)
        #expect(!small.lines.joined().contains("…"))
        let line = try #require(small.lines.first { $0.hasPrefix("F2...F7") }, "\(small.lines)")
        // The keys' padding gives up the two characters: the description stays in its column.
        #expect(
            line.firstRange(of: "modes")?.lowerBound.utf16Offset(in: line)
                == written.firstRange(of: "modes")?.lowerBound.utf16Offset(in: written))
        // Large enough, the glyph reads as itself.
        let large = try #require(SceneLayout(width: 1920, height: 1080, overlay: Self.overlay(help: true)).help)
        #expect(large.lines.contains(written))
    }

    @Test(
        "Wrapped help lines keep descriptions out of the keys' column, and a larger scale never draws smaller text",
        arguments: cases)
    func helpColumnsHold(width: Int, height: Int, scale: Double) throws {
        let layout = SceneLayout(width: width, height: height, scale: scale, overlay: Self.overlay(help: true))
        let help = try #require(layout.help)
        #expect(
            help.pointSize >= SceneLayout.px(SceneLayout.minimumHelpPointSize, scale: scale), "\(help.pointSize) pt")
        /// Where a line's description starts: after its first run of two or more spaces; nil when it has none.
        func descriptionColumn(_ line: String) -> Int? {
            let trimmed = line.drop { $0 == " " }
            guard let gap = trimmed.firstRange(of: "  ") else { return nil }
            let start = trimmed[gap.lowerBound...].firstIndex { $0 != " " }
            return start.map { line.distance(from: line.startIndex, to: $0) }
        }
        var first = ""
        for line in help.lines {
            let lead = line.prefix { $0 == " " }.count
            guard lead > 0, !line.allSatisfy({ $0 == " " }) else {
                first = line
                continue
            }
            // A continuation goes under the description of its first line, or below keys that stand alone.
            let column = descriptionColumn(first)
            #expect(column == nil || lead == column, "\(width)×\(height) at \(scale): \"\(first)\" then \"\(line)\"")
        }
    }

    @Test("In the wheel, the information covers no row", arguments: cases)
    func wheelLabelCoversNoRow(width: Int, height: Int, scale: Double) throws {
        for direction in [WheelDirection.clockwise, .anticlockwise] {
            let model = GalleryModel(
                photoCount: 12, mode: .wheel, startPage: 4,
                viewport: Viewport(width: Double(width), height: Double(height)))
            let pager = try #require(model.pager)
            let wheel = WheelLayout(
                rowHeight: pager.extent, viewportWidth: Double(width), viewportHeight: Double(height),
                radiusRatio: 1, direction: direction)
            var overlay = model.overlay(name: "08-brick.jpg", now: 0, panelLines: [])
            overlay.infoOpacity = 1
            let layout = SceneLayout(
                width: width, height: height, scale: scale, overlay: overlay, wheel: wheel,
                wheelRows: wheel.rows(atSlotPosition: pager.slotPosition, topology: pager.topology))
            let label = try #require(layout.label)
            #expect(!layout.wheelRows.isEmpty)
            for row in layout.wheelRows {
                #expect(!row.card.intersects(label), "\(width)×\(height) at \(scale): row \(row.row) \(row.card)")
            }
            #expect(label.isInside(width: width, height: height))
        }
    }

    @Test("A wheel row's name and index fit inside its card at any size and scale", arguments: cases)
    func wheelTextFitsItsCard(width: Int, height: Int, scale: Double) throws {
        let model = GalleryModel(
            photoCount: 12, mode: .wheel, startPage: 4, viewport: Viewport(width: Double(width), height: Double(height))
        )
        let pager = try #require(model.pager)
        let wheel = WheelLayout(
            rowHeight: pager.extent, viewportWidth: Double(width), viewportHeight: Double(height),
            radiusRatio: 1, direction: .clockwise)
        let layout = SceneLayout(
            width: width, height: height, scale: scale,
            overlay: OverlayState(info: "", infoOpacity: 0, dots: nil, panel: nil, help: nil),
            wheel: wheel,
            wheelRows: wheel.rows(atSlotPosition: pager.slotPosition, topology: pager.topology))
        let card = try #require(layout.wheelRows.first?.card)
        let sizes = SceneLayout.wheelTextPointSizes(cardHeight: card.height, scale: scale)
        let text = SceneLayout.lineHeight(pointSize: sizes.name) + SceneLayout.lineHeight(pointSize: sizes.index)
        if sizes.name > 6 {
            #expect(text <= card.height - 2 * layout.px(SceneLayout.wheelMargin), "\(width)×\(height) at \(scale)")
        }
        // Roomy rows keep the full size: it only shrinks where it must.
        if height >= 720 && scale == 1 { #expect(sizes.name == 20 && sizes.index == 13) }
    }

    @Test("Page dots sit in the page gap below the photo, never over its bottom edge")
    func dotsStayInThePageGap() {
        for (width, height) in [(640, 360), (1024, 600), (1280, 720)] {
            let layout = SceneLayout(width: width, height: height, overlay: Self.overlay(status: false))
            // A photo filling the height ends half the 32 px page gap above the bottom edge.
            #expect(layout.dots.allSatisfy { $0.y >= height - 16 && $0.maxY <= height })
        }
    }

    @Test(
        "A photo filling its box ends above the dots, and they above the status bar, at any scale",
        arguments: cases)
    func dotsClearOfThePhoto(width: Int, height: Int, scale: Double) throws {
        for status in [false, true] {
            let layout = SceneLayout(width: width, height: height, scale: scale, overlay: Self.overlay(status: status))
            let floor = layout.statusBar?.y ?? height
            #expect(layout.pageBox.maxY <= floor && layout.pageBox.y >= 0, "\(width)×\(height) at \(scale)")
            #expect(layout.photoArea.maxY == floor)
            for dot in layout.dots {
                #expect(dot.y >= layout.pageBox.maxY && dot.maxY <= floor, "\(width)×\(height) at \(scale): \(dot)")
            }
        }
    }

    @Test(
        "Panel lines too long for a narrow window end in \"…\", never cut mid-glyph",
        arguments: cases)
    func panelLinesElide(width: Int, height: Int, scale: Double) throws {
        let layout = SceneLayout(width: width, height: height, scale: scale, overlay: Self.overlay(status: false))
        let panel = try #require(layout.panel)
        let advance = SceneLayout.monoAdvance(pointSize: layout.px(SceneLayout.panelPointSize))
        let room = panel.width - 2 * layout.px(8) - 4
        let shown = Self.panel.prefix(layout.panelLineCount).map {
            SceneLayout.elided($0, toCharacters: layout.panelCharacters)
        }
        for (line, given) in zip(shown, Self.panel) {
            #expect(line.count * advance <= room, "\(width)×\(height) at \(scale): \(line)")
            #expect(line == given || line.hasSuffix("…"))
        }
        if width == 320 && scale == 2 { #expect(shown.contains { $0.hasSuffix("…") }) }
    }

    @Test("elided keeps a line that fits and cuts one that does not before the \"…\"")
    func elidedTable() {
        let table: [(String, Int, String)] = [
            ("velocity  0 px/s", 20, "velocity  0 px/s"), ("velocity  0 px/s", 16, "velocity  0 px/s"),
            ("velocity  0 px/s", 15, "velocity  0 px…"), ("velocity  0 px/s", 11, "velocity…"),
            ("abc", 1, "…"), ("abc", 0, ""),
        ]
        for (line, count, expected) in table { #expect(SceneLayout.elided(line, toCharacters: count) == expected) }
    }

    @Test("Clicks are tested against the same dots and rows that are drawn")
    func hitTesting() throws {
        let layout = SceneLayout(width: 640, height: 360, overlay: Self.overlay(status: false))
        for (index, dot) in layout.dots.enumerated() {
            #expect(layout.dot(atX: dot.x + dot.width / 2, y: dot.y + dot.height / 2) == index)
        }
        #expect(layout.dot(atX: 5, y: 5) == nil)
        #expect(layout.leftThird.contains(x: 0, y: 100) && !layout.leftThird.contains(x: 214, y: 100))
        #expect(layout.rightThird.contains(x: 427, y: 100) && !layout.rightThird.contains(x: 426, y: 100))
    }
}
