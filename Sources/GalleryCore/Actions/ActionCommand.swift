/// A user action, feh's `--action1 'CMD %f'` … `--action9`: a shell command run on the current photo or the marked
/// ones. The gallery itself never deletes or moves a photo; a command may, and the photo is re-read afterwards.
public struct ActionCommand: Sendable, Hashable {
    /// The command as given: `%f` is the current photo, `%F` the marked ones (the current one when none is marked),
    /// `%%` a percent sign; with neither `%f` nor `%F` the current photo is appended.
    public var template: String

    /// An action running `template`.
    public init(template: String) {
        self.template = template
    }

    /// Whether the command works on the marked photos (`%F`).
    public var usesMarked: Bool { Self.specifiers(in: template).contains("F") }

    /// The shell command for the photo `current` and the `marked` ones, each path shell-quoted.
    public func expanded(current: String, marked: [String]) -> String {
        let all = (marked.isEmpty ? [current] : marked).map(Self.shellQuoted).joined(separator: " ")
        var command = ""
        var characters = template.makeIterator()
        var sawPath = false
        while let character = characters.next() {
            guard character == "%" else {
                command.append(character)
                continue
            }
            switch characters.next() {
            case "f"?:
                command += Self.shellQuoted(current)
                sawPath = true
            case "F"?:
                command += all
                sawPath = true
            case "%"?: command.append("%")
            case let other?: command += "%" + String(other)
            case nil: command.append("%")
            }
        }
        return sawPath ? command : command + " " + Self.shellQuoted(current)
    }

    /// `text` as one word for `/bin/sh`: in single quotes, each `'` written as `'\''`.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// The letters after each unescaped `%`.
    private static func specifiers(in template: String) -> [Character] {
        var found: [Character] = []
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "%", let next = characters.next() else { continue }
            if next != "%" { found.append(next) }
        }
        return found
    }
}
