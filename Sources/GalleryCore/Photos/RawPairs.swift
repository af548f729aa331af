import Support

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
        guard self != .both else { return relatives }
        let rawIndices = relatives.indices.filter { Self.split(relatives[$0])?.1 == .raw }
        return filter(relatives, rawAt: rawIndices)
    }

    /// `relatives` without the other half of each pair, given where its RAW names are (a folder listing notes them as
    /// it reads each name's extension once): with none, as in a folder of JPEGs, the names are returned as they are,
    /// without being looked at again. Otherwise one pass finds the JPEGs named like a RAW.
    public func filter(_ relatives: [String], rawAt rawIndices: [Int]) -> [String] {
        guard self != .both, !rawIndices.isEmpty else { return relatives }
        var rawByStem: [Substring: [Int]] = [:]
        for index in rawIndices {
            guard let (stem, kind) = Self.split(relatives[index]), kind == .raw else { continue }
            rawByStem[stem, default: []].append(index)
        }
        guard !rawByStem.isEmpty else { return relatives }
        var pairedJPEGs: [Int] = []
        var pairedStems: Set<Substring> = []
        for (index, path) in relatives.enumerated() {
            guard let (stem, kind) = Self.split(path), kind == .jpeg, rawByStem[stem] != nil else { continue }
            pairedJPEGs.append(index)
            pairedStems.insert(stem)
        }
        guard !pairedStems.isEmpty else { return relatives }
        let dropped = self == .jpeg ? Set(pairedStems.flatMap { rawByStem[$0] ?? [] }) : Set(pairedJPEGs)
        return relatives.indices.filter { !dropped.contains($0) }.map { relatives[$0] }
    }

    /// Whether a name's extension (the bytes after its last dot), lowercase-packed as `PhotoIndex.packedLowercase`
    /// packs it, is a camera RAW one.
    static func isRaw(packedExtension: UInt64) -> Bool {
        packedRawExtensions.contains(packedExtension)
    }

    private static let packedRawExtensions = Set(
        PhotoFormat.rawExtensions.compactMap { PhotoIndex.packedLowercase(Array($0.utf8)[...]) })
    private static let packedJPEGExtensions = Set(
        ["jpg", "jpeg"].compactMap { PhotoIndex.packedLowercase(Array($0.utf8)[...]) })

    /// The name without its extension, and whether it is a JPEG or a RAW (nil for other files). In bytes: the
    /// extension is ASCII or it is neither.
    private static func split(_ path: String) -> (Substring, RawPairs)? {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex,
            let packed = PhotoIndex.packedLowercase(bytes[bytes.index(after: dot)...])
        else { return nil }
        let kind: RawPairs? =
            packedJPEGExtensions.contains(packed) ? .jpeg : packedRawExtensions.contains(packed) ? .raw : nil
        return kind.map { (path[..<dot], $0) }
    }
}
