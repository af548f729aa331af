/// A key as the gallery model sees it: translated once from its SDL or script name at the edge (`init(name:)`), so
/// no key name travels further.
public enum GalleryKey: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A digit key, 0–9: a digit of a typed number (a count for g, G and Enter), nothing else.
    case digit(Int)
    /// A key bound to a command (`KeyMap`).
    case command(GalleryCommand)
    /// Up (−1) or Down (+1): they scroll the help when it is longer than the window, step the grid's selection a row and
    /// the wheel's rows one; otherwise unbound.
    case scroll(Int)
    /// Any other key: it only clears a typed number.
    case unbound

    /// The key named `name` (an SDL key name such as "Right", "3" or "Return", in any case; a letter bound in both
    /// cases, as g and G are, in its case).
    public init(name: String) {
        let command = KeyMap.command(forKeyName: name)
        if name.count == 1, let digit = Int(name) {
            self = .digit(digit)
        } else {
            self = command.map { .command($0) } ?? Self.scrollSteps[name.lowercased()].map { .scroll($0) } ?? .unbound
        }
    }

    /// The unbound keys that scroll the help, by lower-cased name.
    private static let scrollSteps = ["up": -1, "down": 1]

    /// The key named by a literal: `"Right"`.
    public init(stringLiteral name: String) {
        self.init(name: name)
    }
}
