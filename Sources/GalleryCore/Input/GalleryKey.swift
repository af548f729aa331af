/// A key as the gallery model sees it: what a `Key` means, made once at the edge (`init(_:)`).
public enum GalleryKey: Hashable, Sendable {
    /// A digit key, 0–9: a digit of a typed number (a count for g, G and Enter), nothing else.
    case digit(Int)
    /// A key bound to a command (`KeyBindings`).
    case command(GalleryCommand)
    /// Up (−1) or Down (+1): they scroll the help when it is longer than the window, step the grid's selection a row and
    /// the wheel's rows one; otherwise unbound.
    case scroll(Int)
    /// Any other key: it only clears a typed number.
    case unbound

    /// What `key` means with the standard bindings (`KeyMap`).
    public init(_ key: Key) {
        self.init(key, bindings: .standard)
    }

    /// What `key` means with `bindings`.
    public init(_ key: Key, bindings: KeyBindings) {
        if case .character(let character) = key, character.isASCII, let digit = character.wholeNumberValue {
            self = .digit(digit)
        } else if let command = bindings.command(for: key) {
            self = .command(command)
        } else if key == .up {
            self = .scroll(-1)
        } else if key == .down {
            self = .scroll(1)
        } else {
            self = .unbound
        }
    }

}
