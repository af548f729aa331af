import PagerEngine

/// The gallery's key bindings, typed (`Key`), and the help text made from them. A letter bound in one case only works
/// in both (d and D flip the wheel); g and G, h and H, m and M, … are bound in each case to their own commands.
public enum KeyMap {
    /// Every binding, in the order the help lists them (pairs share a line so that the help stays one screen at
    /// 1024×600).
    public static let bindings: [KeyBinding] = [
        KeyBinding(
            [.character("n"), .space], .next, "next photo (p, Backspace: previous photo)",
            unnamed: [KeyAction(.character("p"), .previous), KeyAction(.backspace, .previous)]),
        KeyBinding(
            [KeyAction(.right, .pan(.right)), KeyAction(.left, .pan(.left))],
            "next, previous photo; zoomed: pan (h j k l too), at the edge turn the page",
            // nsxiv's hjkl; Up and Down pan through `GalleryKey.scroll`, as they also scroll the help and the grid.
            unnamed: [
                KeyAction(.character("h"), .pan(.left)), KeyAction(.character("l"), .pan(.right)),
                KeyAction(.character("k"), .pan(.up)), KeyAction(.character("j"), .pan(.down)),
            ]),
        KeyBinding([.pageDown, .character("]")], .pageForward, "10 photos forward"),
        KeyBinding([.pageUp, .character("[")], .pageBackward, "10 photos back"),
        KeyBinding([.home, .character("g")], .first, "first photo; after a number: that photo (12 g)"),
        KeyBinding([.end, .character("G")], .last, "last photo; after a number: that photo (12 G)"),
        // They act at once: digits are only ever a count.
        KeyBinding(
            [
                KeyAction(.function(2), .mode(.bounded)), KeyAction(.function(3), .mode(.endCaps)),
                KeyAction(.function(4), .mode(.threeSurfaces)), KeyAction(.function(5), .mode(.feed)),
                KeyAction(.function(6), .mode(.wheel)), KeyAction(.function(7), .mode(.grid)),
            ],
            "modes: bounded, loops (end caps, three surfaces), feed, wheel, grid", label: "F2…F7"),
        KeyBinding(
            [KeyAction(.character("D"), .flipWheel), KeyAction(.character("c"), .toggleGridNames)],
            "wheel: flip the arc; c: file names under the grid's thumbnails"),
        KeyBinding(
            [.enter, .keypadEnter, .character("t")], .open,
            "pager ⇄ grid on the photo; wheel: open the row; 12 Enter: photo 12"),
        KeyBinding(
            [.character("+"), .keypadPlus], .zoomIn,
            "zoom in a step: 25, 50, 75, 100, 150, 200, 400, 800 %; grid: larger thumbnails"),
        KeyBinding(
            [.character("-"), .keypadMinus], .zoomOut,
            "zoom out a step, down to fit (or 100 % of a smaller photo); grid: smaller"),
        KeyBinding([.character("=")], .zoomActualSize, "100 %: one image pixel per screen pixel"),
        KeyBinding(
            [KeyAction(.character("W"), .zoomToFit), KeyAction(.character("e"), .cycleFitMode)],
            "fit the photo; e: each photo fit, as wide (from its top), filled"),
        KeyBinding(
            [
                KeyAction(.character("z"), .toggleKeepZoom), KeyAction(.character("v"), .compare(.toggle)),
                KeyAction(.character("V"), .compare(.layout)), KeyAction(.character("u"), .compare(.swap)),
            ],
            "keep the zoom over page turns; v: compare with the next (or marked) photo; V: swipe; u: swap",
            label: "z, v, V, u"),
        // nsxiv's view keys.
        KeyBinding(
            [
                KeyAction(.character("<"), .orient(.turnAnticlockwise)),
                KeyAction(.character(">"), .orient(.turnClockwise)),
                KeyAction(.character("|"), .orient(.mirrorHorizontally)),
                KeyAction(.character("_"), .orient(.mirrorVertically)),
                KeyAction(.ctrl(.character("R")), .orient(.turnClockwise)),
                KeyAction(.ctrl(.character("S")), .saveTurn),
            ],
            "turn the view ¼ left, right (also Ctrl+R); mirror left-right, top-bottom (compare: both photos); "
                + "Ctrl+S: save it into the file",
            label: "< > | _, Ctrl+R, S"),
        KeyBinding([.character("F"), .function(11)], .toggleFullscreen, "full screen on or off"),
        KeyBinding([.character("I")], .toggleInfoPanel, "show or hide the information panel"),
        KeyBinding([.character("B")], .toggleStatusBar, "status bar that stays: index, name, size, zoom, mode"),
        KeyBinding([.character("S")], .toggleSlideshow, "start or stop the slideshow"),
        KeyBinding([.ctrl(.space)], .toggleAnimation, "pause or play an animation"),
        KeyBinding(
            [KeyAction(.ctrl(.character("N")), .nextFrame), KeyAction(.ctrl(.character("P")), .previousFrame)],
            "animation: pause, next frame; Ctrl+P: previous frame"),
        KeyBinding([.character("r")], .reload, "reload the folders: new, removed and changed files"),
        KeyBinding([.character("R")], .retry, "feed: retry a failed load"),
        KeyBinding([.character("m")], .toggleMark, "mark or unmark the photo (-o prints the marked)"),
        KeyBinding([.character("M"), .ctrl(.character("M"))], .invertMarks, "invert the marks (again: undone)"),
        KeyBinding([.ctrl(.character("U"))], .clearMarks, "clear every mark"),
        // One line for both, so that the folder keys' line keeps the help one screen at 1024×600.
        KeyBinding(
            [KeyAction(.character("N"), .nextMarked), KeyAction(.character("P"), .previousMarked)],
            "next, previous marked photo"),
        KeyBinding(
            [
                KeyAction(.character("}"), .nextFolder), KeyAction(.character("{"), .previousFolder),
                KeyAction(.ctrl(.pageDown), .nextFolder), KeyAction(.ctrl(.pageUp), .previousFolder),
            ],
            "first photo of the next, previous folder (--recursive): its name and count shown",
            label: "} {, Ctrl+PageDown/Up"),
        KeyBinding(
            (1...9).map { KeyAction(.ctrl(.character(Character(String($0)))), .action($0)) },
            "run --action1 … --action9 on the photo (%f) or the marked ones (%F)", label: "Ctrl+1…9"),
        KeyBinding([.function(1), .character("H"), .character("?")], .toggleHelp, "show or hide this help"),
        KeyBinding(
            [KeyAction(.escape, .back), KeyAction(.character("Q"), .quit)],
            "close the I panel, leave full screen, grid, wheel or zoom, else quit; Q: quit"),
        KeyBinding(
            [.character("O")], .cycleSort,
            "order by name, modification time, date taken, file size, shuffled (in turn), keeping the photo"),
        KeyBinding(
            [
                KeyAction(.delete, .trash), KeyAction(.character("x"), .moveTo(1)),
                KeyAction(.character("y"), .copyTo(1)), KeyAction(.ctrl(.character("Z")), .undoTrash),
            ],
            "photo to the Trash; x, y: it or the marked to --move-to, --copy-to (2 x…); Ctrl+Z: undo"),
        KeyBinding(
            [KeyAction(.ctrl(.character("C")), .copyPath), KeyAction(.ctrl(.character("O")), .openWith)],
            "copy the photo: picture, file, path; Ctrl+O: open it with xdg-open (I showing GPS: the place)"
        ),
    ]

    /// The command for a key: as bound ("g", "G"), else a letter a help line names in the other case only ("d" is
    /// "D"); `nil` when unbound (`KeyBindings.standard`).
    public static func command(for key: Key) -> GalleryCommand? {
        KeyBindings.standard.command(for: key)
    }

    /// One line per binding, keys padded to a column, e.g. "Right, N, Space   next photo".
    public static var helpLines: [String] {
        let keyColumns = bindings.map(\.label)
        let width = keyColumns.map(\.count).max() ?? 0
        return zip(keyColumns, bindings).map { keys, binding in
            keys + String(repeating: " ", count: width - keys.count + 3) + binding.summary
        }
    }
}
