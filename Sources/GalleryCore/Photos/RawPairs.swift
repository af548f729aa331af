/// Which file of a camera RAW + JPEG pair (`IMG_1.CR2` beside `IMG_1.JPG`, same folder and name) a folder shows
/// (`--raw-pairs`): cameras write both, and the pair is one photo.
public enum RawPairs: String, CaseIterable, Sendable {
    /// The JPEG (the default): the camera's own rendering, decoded fastest.
    case jpeg
    /// The RAW (its embedded preview).
    case raw
    /// Both, as separate pages.
    case both

    /// `relatives` (paths within one listing) without the other half of each pair.
    public func filter(_ relatives: [String]) -> [String] {
        // Most folders hold no RAW: one pass over the names' extensions (short, so never allocated) settles it.
        guard self != .both, relatives.contains(where: { Self.split($0)?.1 == .raw }) else { return relatives }
        var stems: [Substring: (jpeg: Bool, raw: Bool)] = [:]
        for path in relatives {
            guard let (stem, kind) = Self.split(path) else { continue }
            if kind == .jpeg { stems[stem, default: (false, false)].jpeg = true }
            if kind == .raw { stems[stem, default: (false, false)].raw = true }
        }
        guard stems.values.contains(where: { $0.jpeg && $0.raw }) else { return relatives }
        return relatives.filter { path in
            guard let (stem, kind) = Self.split(path), let pair = stems[stem], pair.jpeg && pair.raw else {
                return true
            }
            return kind == self
        }
    }

    /// The name without its extension, and whether it is a JPEG or a RAW (nil for other files).
    private static func split(_ path: String) -> (Substring, RawPairs)? {
        guard let dot = path.lastIndex(of: "."), dot != path.startIndex else { return nil }
        let suffix = path[path.index(after: dot)...].lowercased()
        let kind: RawPairs? =
            suffix == "jpg" || suffix == "jpeg"
            ? .jpeg
            : PhotoFormat.rawExtensions.contains(suffix) ? .raw : nil
        return kind.map { (path[..<dot], $0) }
    }
}
