/// One key press as the gallery sees it, whatever events the window system sends for it: a key-down, often followed
/// by a text event for the character typed ("?" for Shift+/, "+" for Keypad + or Shift+=). The key-down is handled
/// when it names a bound key; its text only when the key-down named nothing (a shifted punctuation key, a layout's own
/// "+" key), so a press never acts twice (Keypad + zooming two steps, or the "?" of the Shift+/ that closed the help
/// opening it again).
public struct KeyTextPairing: Sendable {
    /// Whether the last key-down left its text event to name the key.
    private var textNamesKey = false

    /// What each key does.
    public var bindings: KeyBindings

    /// Starts with no key pressed, keys doing what `bindings` say.
    public init(bindings: KeyBindings = .standard) {
        self.bindings = bindings
    }

    /// A key-down of `key` (nil: a key the gallery has no name for, such as Tab) with Shift and Ctrl held or not: the
    /// key to handle, or nil for a modifier alone (`isModifier`: Shift, Ctrl, Alt, … pressed alone do nothing and do
    /// not close the help). A letter is lower case unless shifted ("g", "G"); a shifted punctuation or digit key is left
    /// to its text event (Shift+/ types "?", Shift+= "+", Shift+1 "!"), and handled as an unbound key meanwhile (it
    /// still clears a typed number, and closes the help when `helpShows`, and then its text is dropped). With Ctrl a
    /// key bound with Ctrl ("Ctrl+M") is that key; other keys ignore Ctrl, as they always did.
    public mutating func keyDown(
        _ key: Key?, isModifier: Bool = false, shift: Bool, ctrl: Bool = false, helpShows: Bool
    ) -> GalleryKey? {
        textNamesKey = false
        if isModifier { return nil }
        if ctrl, let key, case let combined = GalleryKey(.ctrl(key), bindings: bindings), combined != .unbound {
            return combined
        }
        let meaning: GalleryKey
        switch key {
        case .character(let character)? where character.isLetter:
            let cased = shift ? character.uppercased() : character.lowercased()
            meaning = cased.count == 1 ? GalleryKey(.character(Character(cased)), bindings: bindings) : .unbound
        case .character(let character)?:
            meaning = shift ? .unbound : GalleryKey(.character(character), bindings: bindings)
        case let key?:
            meaning = GalleryKey(key, bindings: bindings)
        case nil:
            meaning = .unbound
        }
        textNamesKey = meaning == .unbound && !helpShows
        return meaning
    }

    /// A text event: the key it names when the key-down before it named none, else nil (the press was handled).
    public mutating func text(_ text: String) -> GalleryKey? {
        defer { textNamesKey = false }
        guard textNamesKey, text.count == 1, let character = text.first, !character.isLetter else { return nil }
        let key = GalleryKey(.character(character), bindings: bindings)
        return key == .unbound ? nil : key
    }
}
