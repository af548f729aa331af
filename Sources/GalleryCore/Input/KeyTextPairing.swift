/// One key press as the gallery sees it, whatever events the window system sends for it: a key-down, often followed
/// by a text event for the character typed ("?" for Shift+/, "+" for Keypad + or Shift+=). The key-down is handled
/// when it names a bound key; its text only when the key-down named nothing (a shifted punctuation key, a layout's own
/// "+" key), so a press never acts twice (Keypad + zooming two steps, or the "?" of the Shift+/ that closed the help
/// opening it again).
public struct KeyTextPairing: Sendable {
    /// Whether the last key-down left its text event to name the key.
    private var textNamesKey = false

    /// SDL names of keys that only modify the next key: pressed alone they do nothing (and do not close the help).
    public static let modifierNames: Set<String> = [
        "left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt", "left gui", "right gui",
        "capslock", "altgr", "mode",
    ]

    /// Starts with no key pressed.
    public init() {}

    /// A key-down of the SDL key `name` with Shift and Ctrl held or not: the key to handle, or nil for a modifier
    /// alone. A letter is lower case unless shifted ("g", "G"); a shifted punctuation or digit key is left to its text
    /// event (Shift+/ types "?", Shift+= "+", Shift+1 "!"), and handled as an unbound key meanwhile (it still clears a
    /// typed number, and closes the help when `helpShows`, and then its text is dropped). With Ctrl a key bound as
    /// "Ctrl+" and its upper-case name ("Ctrl+M") is that key; other keys ignore Ctrl, as they always did.
    public mutating func keyDown(name: String, shift: Bool, ctrl: Bool = false, helpShows: Bool) -> GalleryKey? {
        textNamesKey = false
        if Self.modifierNames.contains(name.lowercased()) { return nil }
        if ctrl, case let combined = GalleryKey(name: "Ctrl+" + name.uppercased()), combined != .unbound {
            return combined
        }
        let key: GalleryKey
        if name.count == 1, let character = name.first {
            if character.isLetter {
                key = GalleryKey(name: shift ? name.uppercased() : name.lowercased())
            } else {
                key = shift ? .unbound : GalleryKey(name: name)
            }
        } else {
            key = GalleryKey(name: name)
        }
        textNamesKey = key == .unbound && !helpShows
        return key
    }

    /// A text event: the key it names when the key-down before it named none, else nil (the press was handled).
    public mutating func text(_ text: String) -> GalleryKey? {
        defer { textNamesKey = false }
        guard textNamesKey, text.count == 1, !(text.first?.isLetter ?? true) else { return nil }
        let key = GalleryKey(name: text)
        return key == .unbound ? nil : key
    }
}
