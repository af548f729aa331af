/// Turns an action's template into shell script text: `%f` and `%F` become references to the photo variable and to
/// `"$@"`, written so that they expand to whole arguments wherever they stand: unquoted, inside `'…'`, inside `"…"`,
/// inside `$( … )` or backquotes, or in a comment. A small reading of POSIX shell quoting (XCU 2.2, 2.3), enough to
/// know which quote is open at each `%`: it never has to understand the command, only where the quotes are.
enum ActionTemplate {
    /// What `translate` made of a template.
    struct Translation: Equatable {
        /// The script text, with no file name in it.
        var body: String
        /// Whether `%F` appears.
        var usesMarked: Bool
    }

    /// The quoting context a character of the template stands in.
    private enum Context: Equatable {
        /// Plain shell text: at top level, inside `$( … )` (with its open parentheses) or inside backquotes.
        case plain(parentheses: Int)
        case backquoted
        case singleQuoted
        case doubleQuoted
        case comment
    }

    /// `template` as script text using `photoVariable` for `%f`; with neither specifier, the photo is appended as an
    /// argument where the template ends in a word.
    static func translate(_ template: String, photoVariable: String) -> Translation {
        let scalars = Array(template.unicodeScalars)
        var stack: [Context] = [.plain(parentheses: 0)]
        var body = String.UnicodeScalarView()
        var usesMarked = false
        var sawSpecifier = false
        var index = 0

        func emit(_ text: String) { body.append(contentsOf: text.unicodeScalars) }
        /// Whether a `#` at `position` starts a comment: it begins a word (and is not `$#`).
        func startsComment(at position: Int) -> Bool {
            guard position > 0 else { return true }
            return " \t\n;&|()<>".unicodeScalars.contains(scalars[position - 1])
        }

        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let context = stack[stack.count - 1]
            if scalar == "%", let next, next == "f" || next == "F" || next == "%" {
                index += 2
                if next == "%" {
                    emit("%")
                    continue
                }
                sawSpecifier = true
                if next == "F" { usesMarked = true }
                let reference = next == "f" ? photoVariable : "@"
                switch context {
                case .plain, .backquoted: emit("\"${\(reference)}\"")
                case .doubleQuoted: emit("${\(reference)}")
                case .singleQuoted: emit("'\"${\(reference)}\"'")
                case .comment: emit("%" + String(next))
                }
                continue
            }
            body.append(scalar)
            index += 1
            switch context {
            case .comment:
                if scalar == "\n" { stack.removeLast() }
            case .singleQuoted:
                if scalar == "'" { stack.removeLast() }
            case .doubleQuoted:
                switch scalar {
                case "\\":
                    if let next {
                        body.append(next)
                        index += 1
                    }
                case "\"": stack.removeLast()
                case "`": stack.append(.backquoted)
                case "$" where next == "(":
                    body.append("(")
                    index += 1
                    stack.append(.plain(parentheses: 1))
                default: break
                }
            case .plain, .backquoted:
                switch scalar {
                case "\\":
                    if let next {
                        body.append(next)
                        index += 1
                    }
                case "'": stack.append(.singleQuoted)
                case "\"": stack.append(.doubleQuoted)
                case "`":
                    if context == .backquoted { stack.removeLast() } else { stack.append(.backquoted) }
                case "#" where startsComment(at: index - 1):
                    stack.append(.comment)
                case "(":
                    if case .plain(let open) = context, stack.count > 1 {
                        stack[stack.count - 1] = .plain(parentheses: open + 1)
                    }
                case ")":
                    if case .plain(let open) = context, stack.count > 1 {
                        if open <= 1 {
                            stack.removeLast()
                        } else {
                            stack[stack.count - 1] = .plain(parentheses: open - 1)
                        }
                    }
                case "$" where next == "(":
                    body.append("(")
                    index += 1
                    stack.append(.plain(parentheses: 1))
                default: break
                }
            }
        }
        if !sawSpecifier, endsInWord(scalars, stack: stack) { emit(" \"${\(photoVariable)}\"") }
        return Translation(body: String(body), usesMarked: usesMarked)
    }

    /// Words after which an argument would be a syntax error or land outside the command.
    private static let reservedWords: Set<String> = [
        "do", "done", "then", "else", "elif", "fi", "esac", "in", "{", "}", "!", "if", "while", "until", "for", "case",
    ]

    /// Whether the template's last command ends in an argument word, so that the photo can follow as one more: not
    /// after `&`, `;`, `|`, a parenthesis or a reserved word, not inside an open quote and not in a comment.
    private static func endsInWord(_ scalars: [Unicode.Scalar], stack: [Context]) -> Bool {
        guard stack == [.plain(parentheses: 0)] else { return false }
        var end = scalars.count
        while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
        guard end > 0, !"&;|()".unicodeScalars.contains(scalars[end - 1]) else { return false }
        var start = end
        while start > 0, !" \t\n".unicodeScalars.contains(scalars[start - 1]) { start -= 1 }
        var word = String.UnicodeScalarView()
        word.append(contentsOf: scalars[start..<end])
        return !reservedWords.contains(String(word))
    }
}
