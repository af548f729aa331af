import GalleryCore

/// The keys and gestures as the documents show them, made from `GestureMap` and `KeyMap` so that README's table
/// and the man page's section cannot drift from what the window does.
public enum InputReference {
    /// One row per gesture, then one per key binding: the input ("Right, N, Space") and what it does.
    public static var rows: [(input: String, action: String)] {
        GestureMap.bindings.map { ($0.gesture, $0.summary) }
            + KeyMap.bindings.map { ($0.label, $0.summary) }
    }

    /// A Markdown table, `| input | does |`, one line per row, ending in a newline.
    public static var markdownTable: String {
        let lines =
            ["| input | does |", "|---|---|"]
            + rows.map { "| \(markdownCell($0.input)) | \(markdownCell($0.action)) |" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The man page's "KEYS AND GESTURES" section in mdoc, ending in a newline.
    public static var manualSection: String {
        var lines = [#".Sh "KEYS AND GESTURES""#, ".Bl -tag -width Ds"]
        for row in rows {
            lines.append(".It " + row.input.split(separator: " ").map { #"\&"# + mdocText($0) }.joined(separator: " "))
            lines.append(#"\&"# + mdocText(row.action))
        }
        lines.append(".El")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func markdownCell(_ text: String) -> String {
        text.replacing("|", with: #"\|"#)
    }

    /// Text safe on an mdoc line: a backslash is `\e`; callers start the line or word with `\&` so that a leading
    /// "." or a word that names a macro stays text.
    private static func mdocText<Text: StringProtocol>(_ text: Text) -> String {
        String(text).replacing(#"\"#, with: #"\e"#)
    }
}
