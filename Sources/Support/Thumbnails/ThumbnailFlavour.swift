/// The four sizes of the freedesktop Thumbnail Managing Standard: a folder under the cache root each, holding
/// thumbnails whose longest side is at most `side` pixels.
public enum ThumbnailFlavour: Int, CaseIterable, Sendable, Hashable {
    /// `normal`: 128 pixels.
    case normal = 128
    /// `large`: 256 pixels.
    case large = 256
    /// `x-large`: 512 pixels.
    case xLarge = 512
    /// `xx-large`: 1024 pixels.
    case xxLarge = 1024

    /// The longest side a thumbnail of this size may have.
    public var side: Int { rawValue }

    /// The folder's name under the cache root.
    public var folderName: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    /// The size written for a picture drawn `needed` pixels a side: the smallest that is at least as large, else the
    /// largest.
    public static func forWriting(needed: Int) -> ThumbnailFlavour {
        allCases.first { $0.side >= needed } ?? .xxLarge
    }

    /// The sizes to look in for a picture drawn `needed` pixels a side: the smallest large enough first, then the
    /// larger ones, then the smaller ones from the largest down (a blurred thumbnail beats a decode).
    public static func lookupOrder(needed: Int) -> [ThumbnailFlavour] {
        let larger = allCases.filter { $0.side >= needed }
        let smaller = allCases.filter { $0.side < needed }.reversed()
        return larger + smaller
    }
}
