/// Why the turn cannot be saved into a file losslessly: each a sentence after "can't save the turn losslessly into
/// this file: ".
public enum TurnSavingRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a JPEG, PNG or WebP (HEIF among them: its orientation is an `irot`/`imir` property, not rewritten here).
    case format
    /// No orientation tag to rewrite (one is never inserted: that would move every byte after it).
    case noTag
    /// The EXIF data or the file's structure is damaged or cut short.
    case damaged
    /// The tag holds a value outside 1…8.
    case invalidValue(Int)
    /// The file cannot be read or replaced.
    case file(String)

    public var description: String {
        switch self {
        case .format: "only a JPEG, PNG or WebP's EXIF orientation is rewritten"
        case .noTag: "it has no EXIF orientation tag to rewrite"
        case .damaged: "its EXIF data is damaged or cut short"
        case .invalidValue(let value): "its orientation tag holds \(value), not 1 to 8"
        case .file(let why): why
        }
    }
}
