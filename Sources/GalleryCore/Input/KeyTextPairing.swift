/// One key press as the gallery sees it, whatever events the window system sends for it: a key-down, often followed
/// by a text event for the character typed ("?" for Shift+/, "+" for Keypad + or Shift+=). The key-down is handled
/// when it names a bound key; its text only when the key-down named nothing (a shifted punctuation key, a layout's own
/// "+" key), so a press never acts twice (Keypad + zooming two steps, or the "?" of the Shift+/ that closed the help
/// opening it again). A text with no key-down of its own (an input method's, an on-screen or virtual keyboard's whose
/// keys SDL has no scancode for: Wayland's virtual keyboards send "+" as text alone) is the key it names.
public struct KeyTextPairing: Sendable {
    /// What a text event means now.
    private enum Pending: Sendable {
        /// No key is down whose text is still to come: a text is a press of its own.
        case nothing
        /// The key-down named nothing: its text names the key.
        case textNamesKey
        /// The key-down was handled (or closed the help): its text is dropped.
        case textDropped
    }

    /// What the next text event means.
    private var pending = Pending.nothing

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
        pending = .textDropped
        if isModifier {
            pending = .nothing
            return nil
        }
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
        if meaning == .unbound, !helpShows { pending = .textNamesKey }
        return meaning
    }

    /// A key went up: no text is to come from its press.
    public mutating func keyUp() {
        pending = .nothing
    }

    /// A text event: the key it names when the key-down before it named none, or when it came with no key-down at
    /// all; nil when its key-down was handled.
    public mutating func text(_ text: String) -> GalleryKey? {
        defer { pending = .nothing }
        guard text.count == 1, let character = text.first else { return nil }
        switch pending {
        case .textDropped: return nil
        // A letter's key-down names it, shifted or not: its text adds nothing.
        case .textNamesKey where character.isLetter: return nil
        case .textNamesKey, .nothing:
            let key = GalleryKey(.character(character), bindings: bindings)
            return key == .unbound ? nil : key
        }
    }
}
