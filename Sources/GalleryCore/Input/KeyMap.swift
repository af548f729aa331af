import PagerEngine

/// The gallery's key bindings, by SDL key name (case-insensitive), and the help text made from them.
public enum KeyMap {
    /// Every binding, in the order the help lists them.
    public static let bindings: [KeyBinding] = [
        KeyBinding(keyNames: ["Right", "N", "Space"], command: .next, summary: "next photo"),
        KeyBinding(keyNames: ["Left", "P", "Backspace"], command: .previous, summary: "previous photo"),
        KeyBinding(keyNames: ["PageDown", "]"], command: .pageForward, summary: "10 photos forward"),
        KeyBinding(keyNames: ["PageUp", "["], command: .pageBackward, summary: "10 photos back"),
        KeyBinding(keyNames: ["Home"], command: .first, summary: "first photo"),
        KeyBinding(keyNames: ["End"], command: .last, summary: "last photo"),
        KeyBinding(keyNames: ["0"], command: .mode(.bounded), summary: "mode: bounded pager"),
        KeyBinding(keyNames: ["1"], command: .mode(.endCaps), summary: "mode: loop with end caps"),
        KeyBinding(keyNames: ["2"], command: .mode(.threeSurfaces), summary: "mode: loop on three surfaces"),
        KeyBinding(keyNames: ["3"], command: .mode(.feed), summary: "mode: endless feed"),
        KeyBinding(keyNames: ["4"], command: .mode(.wheel), summary: "mode: wheel"),
        KeyBinding(keyNames: ["D"], command: .flipWheel, summary: "wheel: flip the arc (clockwise / anticlockwise)"),
        KeyBinding(
            keyNames: ["Return", "Keypad Enter"], command: .open,
            summary: "wheel: open the centred photo; after a number: go to that photo"),
        KeyBinding(keyNames: ["+", "Keypad +"], command: .zoomIn, summary: "zoom in"),
        KeyBinding(keyNames: ["-", "Keypad -"], command: .zoomOut, summary: "zoom out, down to fit"),
        KeyBinding(keyNames: ["="], command: .zoomActualSize, summary: "100 %: one image pixel per screen pixel"),
        KeyBinding(keyNames: ["W"], command: .zoomToFit, summary: "fit the photo to the window"),
        KeyBinding(keyNames: ["G"], command: .goToTypedNumber, summary: "go to the photo numbered before it (12 G)"),
        KeyBinding(keyNames: ["F", "F11"], command: .toggleFullscreen, summary: "full screen on or off"),
        KeyBinding(keyNames: ["I"], command: .toggleInfoPanel, summary: "show or hide the information panel"),
        KeyBinding(keyNames: ["S"], command: .toggleSlideshow, summary: "start or stop the slideshow"),
        KeyBinding(keyNames: ["R"], command: .retry, summary: "feed: retry a failed load"),
        KeyBinding(keyNames: ["F1", "H", "?"], command: .toggleHelp, summary: "show or hide this help"),
        KeyBinding(keyNames: ["Q", "Escape"], command: .quit, summary: "quit"),
    ]

    private static let commandsByLowercasedName: [String: GalleryCommand] = {
        var commands: [String: GalleryCommand] = [:]
        for binding in bindings {
            for name in binding.keyNames {
                let previous = commands.updateValue(binding.command, forKey: name.lowercased())
                precondition(previous == nil, "key \(name) is bound twice")
            }
        }
        return commands
    }()

    /// The command for an SDL key name, ignoring case ("right" and "RIGHT" are "Right"); `nil` when unbound.
    public static func command(forKeyName name: String) -> GalleryCommand? {
        commandsByLowercasedName[name.lowercased()]
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
