import PagerEngine

/// The gallery's key bindings, by SDL key name (case-insensitive unless both cases are bound, as g and G, m and M
/// are; Ctrl combinations as "Ctrl+M"), and the help text made from them.
public enum KeyMap {
    /// Every binding, in the order the help lists them.
    public static let bindings: [KeyBinding] = [
        KeyBinding(keyNames: ["n", "Space"], command: .next, summary: "next photo (p, Backspace: previous photo)"),
        KeyBinding(
            keyNames: [panKeys], command: .pan(.right),
            summary: "next, previous photo; zoomed: pan (h j k l too), at the edge turn the page"),
        KeyBinding(keyNames: ["PageDown", "]"], command: .pageForward, summary: "10 photos forward"),
        KeyBinding(keyNames: ["PageUp", "["], command: .pageBackward, summary: "10 photos back"),
        KeyBinding(
            keyNames: ["Home", "g"], command: .first, summary: "first photo; after a number: that photo (12 g)"),
        KeyBinding(keyNames: ["End", "G"], command: .last, summary: "last photo; after a number: that photo (12 G)"),
        KeyBinding(
            keyNames: [modeKeys], command: .mode(.bounded),
            summary: "modes: bounded, loops (end caps, three surfaces), feed, wheel, grid"),
        KeyBinding(keyNames: ["D"], command: .flipWheel, summary: "wheel: flip the arc (clockwise / anticlockwise)"),
        KeyBinding(
            keyNames: ["Return", "Keypad Enter", "t"], command: .open,
            summary: "pager ⇄ grid on the photo; wheel: open the row; 12 Enter: photo 12"),
        KeyBinding(
            keyNames: ["+", "Keypad +"], command: .zoomIn,
            summary: "zoom in a step: 25, 50, 75, 100, 150, 200, 400, 800 %; grid: larger thumbnails"),
        KeyBinding(
            keyNames: ["-", "Keypad -"], command: .zoomOut,
            summary: "zoom out a step, down to fit (or 100 % of a smaller photo); grid: smaller"),
        KeyBinding(keyNames: ["="], command: .zoomActualSize, summary: "100 %: one image pixel per screen pixel"),
        KeyBinding(keyNames: ["W"], command: .zoomToFit, summary: "fit the photo to the window"),
        KeyBinding(keyNames: ["z"], command: .toggleKeepZoom, summary: "keep the zoom and pan over page turns, or not"),
        KeyBinding(
            keyNames: [viewKeys, "Ctrl+R"], command: .orient(.turnClockwise),
            summary: "turn the view ¼ left, right (also Ctrl+R); mirror left-right, top-bottom"),
        KeyBinding(keyNames: ["F", "F11"], command: .toggleFullscreen, summary: "full screen on or off"),
        KeyBinding(keyNames: ["I"], command: .toggleInfoPanel, summary: "show or hide the information panel"),
        KeyBinding(
            keyNames: ["B"], command: .toggleStatusBar, summary: "status bar that stays: index, name, size, zoom, mode"),
        KeyBinding(keyNames: ["S"], command: .toggleSlideshow, summary: "start or stop the slideshow"),
        KeyBinding(keyNames: ["Ctrl+Space"], command: .toggleAnimation, summary: "pause or play an animation"),
        KeyBinding(
            keyNames: ["Ctrl+N", "Ctrl+P"], command: .nextFrame,
            summary: "animation: pause, next frame; Ctrl+P: previous frame"),
        KeyBinding(
            keyNames: ["r"], command: .reload, summary: "reload the folders: new, removed and changed files"),
        KeyBinding(keyNames: ["R"], command: .retry, summary: "feed: retry a failed load"),
        KeyBinding(keyNames: ["m"], command: .toggleMark, summary: "mark or unmark the photo (-o prints the marked)"),
        KeyBinding(keyNames: ["M", "Ctrl+M"], command: .invertMarks, summary: "invert the marks (again: undone)"),
        KeyBinding(keyNames: ["Ctrl+U"], command: .clearMarks, summary: "clear every mark"),
        KeyBinding(keyNames: ["N"], command: .nextMarked, summary: "next marked photo"),
        KeyBinding(keyNames: ["P"], command: .previousMarked, summary: "previous marked photo"),
        KeyBinding(
            keyNames: [actionKeys], command: .action(1),
            summary: "run --action1 … --action9 on the photo (%f) or the marked ones (%F)"),
        KeyBinding(keyNames: ["F1", "H", "?"], command: .toggleHelp, summary: "show or hide this help"),
        KeyBinding(
            keyNames: ["Escape", "Q"], command: .back,
            summary: "leave full screen, grid, wheel or zoom, else quit; Q: quit"),
        KeyBinding(
            keyNames: ["O"], command: .cycleSort,
            summary: "order by name, modification time, date taken, file size (in turn), keeping the photo"),
        KeyBinding(
            keyNames: ["Delete", "Ctrl+Z"], command: .trash,
            summary: "the photo (not the marked) to the Trash; Ctrl+Z: the last one back"),
        KeyBinding(
            keyNames: ["Ctrl+C", "Ctrl+O"], command: .copyPath,
            summary: "copy the photo's path (text); Ctrl+O: open it with xdg-open"),
    ]

    /// The second key of a shared help line, with its own command (pairs share a line so that the help stays one
    /// screen at 1024×600).
    static let secondKeys: [String: GalleryCommand] = [
        "ctrl+z": .undoTrash, "ctrl+o": .openWith, "ctrl+p": .previousFrame, "q": .quit,
    ]

    /// The mode keys as the help names them: one line for F2 … F7 (`command(forKeyName:)` reads them from
    /// `modesByKey`), not six.
    public static let modeKeys = "F2…F7"

    /// Each mode's key, in the help's order: they act at once (digits are only ever a count).
    public static let modesByKey: [(key: String, mode: TopologyKind)] = [
        ("F2", .bounded), ("F3", .endCaps), ("F4", .threeSurfaces), ("F5", .feed), ("F6", .wheel), ("F7", .grid),
    ]

    /// The keys of the previous photo, named on the next photo's help line (`command(forKeyName:)` reads them).
    public static let previousKeys = ["p", "Backspace"]

    /// The pan keys as the help names them: one line for the arrows and hjkl (`command(forKeyName:)` reads them from
    /// `pansByKey`; Up and Down pan through `GalleryKey.scroll`, as they also scroll the help and the grid).
    public static let panKeys = "Right, Left"

    /// Each pan key's direction (nsxiv's hjkl; the arrows Left and Right; Up and Down are `GalleryKey.scroll`).
    public static let pansByKey: [(key: String, direction: PanDirection)] = [
        ("Right", .right), ("Left", .left), ("h", .left), ("l", .right), ("k", .up), ("j", .down),
    ]

    /// The view keys as the help names them: one line for `<` `>` `|` `_` (`command(forKeyName:)` reads them from
    /// `orientationsByKey`).
    public static let viewKeys = "< > | _"

    /// Each view key's turn or mirror, in the help's order (nsxiv's keys).
    public static let orientationsByKey: [(key: String, change: ViewOrientation.Change)] = [
        ("<", .turnAnticlockwise), (">", .turnClockwise), ("|", .mirrorHorizontally), ("_", .mirrorVertically),
    ]

    /// The keys of the nine actions as the help names them: one line for Ctrl+1 … Ctrl+9 (`command(forKeyName:)`
    /// reads the digit), not nine.
    public static let actionKeys = "Ctrl+1…9"

    /// Commands by the exact key name.
    private static let commandsByName: [String: GalleryCommand] = {
        var commands: [String: GalleryCommand] = [:]
        for binding in bindings {
            for name in binding.keyNames {
                let previous = commands.updateValue(binding.command, forKey: name)
                precondition(previous == nil, "key \(name) is bound twice")
            }
        }
        return commands
    }()

    /// Commands by the lower-cased key name, for names bound in one case only ("g" and "G" differ: nsxiv's first and
    /// last photo).
    private static let commandsByLowercasedName: [String: GalleryCommand] = {
        let names = bindings.flatMap { binding in binding.keyNames.map { ($0.lowercased(), binding.command) } }
        let counts = Dictionary(names.map { ($0.0, 1) }, uniquingKeysWith: +)
        return Dictionary(names.filter { counts[$0.0] == 1 }, uniquingKeysWith: { first, _ in first })
    }()

    /// The command for an SDL key name: the name as bound ("g", "G"), else ignoring case ("right" and "RIGHT" are
    /// "Right"); `nil` when unbound.
    public static func command(forKeyName name: String) -> GalleryCommand? {
        if name.count == 6, name.lowercased().hasPrefix("ctrl+"), let digit = name.last?.wholeNumberValue, digit > 0 {
            return .action(digit)
        }
        if let command = secondKeys[name.lowercased()] { return command }
        if let mode = modesByKey.first(where: { $0.key.lowercased() == name.lowercased() })?.mode {
            return .mode(mode)
        }
        if previousKeys.contains(where: { $0 == name || ($0.count > 1 && $0.lowercased() == name.lowercased()) }) {
            return .previous
        }
        if let change = orientationsByKey.first(where: { $0.key == name })?.change { return .orient(change) }
        // hjkl in lower case only (H is the help); the arrows in any case.
        let pan = pansByKey.first { $0.key == name || ($0.key.count > 1 && $0.key.lowercased() == name.lowercased()) }
        if let direction = pan?.direction {
            return .pan(direction)
        }
        guard name.lowercased() != actionKeys.lowercased(), name.lowercased() != modeKeys.lowercased(),
            name != viewKeys, name != panKeys
        else {
            return nil
        }
        return commandsByName[name] ?? commandsByLowercasedName[name.lowercased()]
    }

    /// One line per binding, keys padded to a column, e.g. "Right, N, Space   next photo".
    public static var helpLines: [String] {
        let keyColumns = bindings.map { $0.keyNames.joined(separator: ", ") }
        let width = keyColumns.map(\.count).max() ?? 0
        return zip(keyColumns, bindings).map { keys, binding in
            keys + String(repeating: " ", count: width - keys.count + 3) + binding.summary
        }
    }
}
