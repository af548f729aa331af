import GalleryCore

/// The keys table in README.md, kept between two HTML comments so `make readme` can regenerate it and a test can
/// check it against `InputReference`.
public enum ReadmeKeysTable {
    /// The line before the table.
    public static let beginMarker = "<!-- keys table: generated from KeyMap by `make readme` -->"
    /// The line after the table.
    public static let endMarker = "<!-- end of keys table -->"

    /// The text between the markers, or `nil` when they are missing or out of order.
    public static func table(in readme: String) -> String? {
        guard let begin = readme.firstRange(of: beginMarker + "\n"),
            let end = readme[begin.upperBound...].firstRange(of: endMarker)
        else { return nil }
        return String(readme[begin.upperBound..<end.lowerBound])
    }

    /// `readme` with the current table between the markers, or `nil` when they are missing.
    public static func replacing(in readme: String) -> String? {
        guard let begin = readme.firstRange(of: beginMarker + "\n"),
            let end = readme[begin.upperBound...].firstRange(of: endMarker)
        else { return nil }
        var replaced = readme
        replaced.replaceSubrange(begin.upperBound..<end.lowerBound, with: InputReference.markdownTable)
        return replaced
    }
}
