import GalleryCore

/// Completes the man page that swift-argument-parser's `generate-manual` plugin writes from the command line:
/// adds the keys and gestures and the environment, and drops the implicit `help` subcommand it lists for a
/// command that has none.
public enum ManualPage {
    /// The finished page in mdoc: `generated` with the "KEYS AND GESTURES", "CONFIGURATION" and "ENVIRONMENT" sections before
    /// "EXIT STATUS" (or at the end when there is none), and the non-ASCII characters of `helpTexts` (the options'
    /// help, from `--experimental-dump-help`) that the generator dropped put back.
    public static func completing(_ generated: String, helpTexts: [String] = []) -> String {
        var lines = withoutHelpSubcommand(
            generated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        lines = restoringNonASCII(lines, texts: helpTexts)
        let added = (InputReference.manualSection + ConfigurationReference.manualSection + environmentSection).split(
            separator: "\n"
        ).map(String.init)
        let exitStatus = lines.firstIndex { $0.hasPrefix(".Sh") && $0.contains("EXIT STATUS") }
        if let exitStatus {
            lines.insert(contentsOf: added, at: exitStatus)
        } else {
            if lines.last == "" { lines.removeLast() }
            lines += added + [""]
        }
        let header = lines.firstIndex { $0.hasPrefix(".Sh") } ?? 0
        lines.insert(contentsOf: asciiFallbacks(for: lines), at: header)
        return lines.joined(separator: "\n")
    }

    /// ASCII stand-ins for the characters the page uses that groff's ASCII output (man in the C locale, as in CI or a
    /// minimal container) has no glyph for: there it warns "can't find special character" and prints nothing.
    static let asciiStandIns: [Unicode.Scalar: String] = [
        "\u{2026}": "...", "\u{21C4}": "<->", "\u{2192}": "->", "\u{2190}": "<-", "\u{2194}": "<->",
        "\u{2191}": "^", "\u{2193}": "v", "\u{2013}": "-", "\u{2014}": "--", "\u{2212}": "-",
    ]

    /// One `.fchar` request per character of `lines` with a stand-in (raw or as `\[uXXXX]`): `.fchar` defines a
    /// glyph only where the output device lacks it, so a UTF-8 terminal still shows the character itself.
    static func asciiFallbacks(for lines: [String]) -> [String] {
        var used = Set<Unicode.Scalar>()
        for line in lines {
            used.formUnion(line.unicodeScalars.filter { !$0.isASCII })
            var rest = line[...]
            while let start = rest.firstRange(of: "\\[u") {
                let digits = rest[start.upperBound...].prefix { $0.isHexDigit }
                if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) { used.insert(scalar) }
                rest = rest[start.upperBound...]
            }
        }
        return used.sorted { $0.value < $1.value }.compactMap { scalar in
            asciiStandIns[scalar].map { ".fchar " + textLine(String(scalar)) + " " + $0 }
        }
    }

    private static var environmentSection: String {
        """
        .Sh ENVIRONMENT
        .Bl -tag -width Ds
        .It Ev \(PhotoIndex.photosEnvironmentVariable)
        The folder of photos to open when no
        .Ar path
        is given, instead of the bundled ones in
        .Pa share/gallery/Photos
        next to the installed program.
        .It Ev GALLERY_SHUFFLE_SEED
        With
        .Fl -sort Ar shuffle :
        the seed of the random order (a decimal number), so an order can be had again; without it the clock seeds it.
        .El

        """
    }

    /// `lines` with each text line that is one of `texts` without its non-ASCII characters (swift-argument-parser's
    /// generator drops them: "(1…1000)" became "(11000)") replaced by the whole text, those characters written as
    /// roff's `\[uXXXX]` escapes, which man and mandoc show as the character, or an ASCII stand-in ("...").
    package static func restoringNonASCII(_ lines: [String], texts: [String]) -> [String] {
        var restored: [String: String] = [:]
        for text in texts where !text.allSatisfy(\.isASCII) && !text.contains(where: \.isNewline) {
            restored[textLine(text.filter(\.isASCII))] = textLine(text)
        }
        guard !restored.isEmpty else { return lines }
        return lines.map { line in line.hasPrefix(".") ? line : restored[line] ?? line }
    }

    /// `text` as an mdoc text line: a backslash as `\e`, a leading dot or apostrophe behind `\&`, non-ASCII as
    /// `\[uXXXX]` (the generator's escaping, plus the last).
    package static func textLine(_ text: String) -> String {
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": line += "\\e"
            case _ where line.isEmpty && (scalar == "." || scalar == "'"): line += "\\&" + String(scalar)
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                line += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// The generated page with the synopsis' `subcommand` and the `help` item (with its nested list) removed;
    /// unchanged when the generator writes neither.
    package static func withoutHelpSubcommand(_ lines: [String]) -> [String] {
        var result = lines.filter { $0 != ".Ar subcommand" }
        guard let help = result.firstIndex(of: ".It Em help") else { return result }
        var end = help + 1
        var depth = 0
        while end < result.count {
            let line = result[end]
            if line.hasPrefix(".It"), depth == 0 { break }
            if line.hasPrefix(".Bl") { depth += 1 }
            if line == ".El" {
                if depth == 0 { break }
                depth -= 1
                if depth == 0 { end += 1; break }
            }
            end += 1
        }
        result.removeSubrange(help..<end)
        return result
    }
}
