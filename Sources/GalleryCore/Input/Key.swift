/// A key as the gallery names it: translated once at the edge, from SDL's keycode (the window) or a script's key name
/// (`init(name:)`), so no key name travels further and a misspelt key in the bindings does not compile.
public indirect enum Key: Hashable, Sendable {
    /// A key that types one character, as typed: "g" and "G" (Shift) differ, "?" and "+" come from text input.
    case character(Character)
    /// The space bar.
    case space
    /// Return (Enter on the main keyboard).
    case enter
    /// Enter on the keypad.
    case keypadEnter
    /// + on the keypad.
    case keypadPlus
    /// − on the keypad.
    case keypadMinus
    /// Backspace.
    case backspace
    /// Delete.
    case delete
    /// Escape.
    case escape
    /// The arrow keys.
    case left, right, up, down
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// A function key, F1 … F12.
    case function(Int)
    /// The key with Ctrl held (a letter in upper case: Ctrl+R).
    case ctrl(Key)

    /// The name the help shows and scripts use, as SDL names keys: "Right", "PageDown", "Keypad Enter", "Ctrl+R", "g".
    public var name: String {
        switch self {
        case .character(let character): String(character)
        case .ctrl(let key): "Ctrl+" + key.name
        case .function(let number): "F\(number)"
        default: Self.namedKeys.first { $0.key == self }?.name ?? ""
        }
    }

    /// The key a script names (an SDL key name, "Right", "Return", "g", "Ctrl+Z", any case for multi-letter names);
    /// nil for a name the gallery does not know.
    public init?(name: String) {
        if name.count > 5, name.prefix(5).lowercased() == "ctrl+", let key = Key(name: String(name.dropFirst(5))) {
            self = .ctrl(key.withCtrl)
        } else if name.count == 1, let character = name.first {
            self = character == " " ? .space : .character(character)
        } else if let named = Self.namedKeys.first(where: { $0.name.lowercased() == name.lowercased() }) {
            self = named.key
        } else if name.count <= 3, name.first == "F" || name.first == "f", let number = Int(name.dropFirst()),
            (1...12).contains(number)
        {
            self = .function(number)
        } else {
            return nil
        }
    }

    /// The key as Ctrl combinations are bound: a letter in upper case.
    public var withCtrl: Key {
        // A letter whose upper case is two (ß) stays as it is.
        if case .character(let character) = self, character.isLetter, case let upper = character.uppercased(),
            upper.count == 1
        {
            return .character(Character(upper))
        }
        return self
    }

    /// The keys with a name of more than one character, by their SDL names.
    private static let namedKeys: [(key: Key, name: String)] = [
        (.space, "Space"), (.enter, "Return"), (.keypadEnter, "Keypad Enter"), (.keypadPlus, "Keypad +"),
        (.keypadMinus, "Keypad -"), (.backspace, "Backspace"), (.delete, "Delete"), (.escape, "Escape"),
        (.left, "Left"), (.right, "Right"), (.up, "Up"), (.down, "Down"), (.home, "Home"), (.end, "End"),
        (.pageUp, "PageUp"), (.pageDown, "PageDown"),
    ]
}
