import PagerEngine

extension GalleryMode {
    /// The mode a command-line name means, ignoring case, hyphens and underscores (`endCaps`, `endcaps`, `end-caps`),
    /// or nil when it names none.
    public init?(argumentName name: String) {
        let key = Self.comparable(name)
        guard let kind = Self.allCases.first(where: { Self.comparable($0.rawValue) == key }) else { return nil }
        self = kind
    }

    /// `name` lowercased, with the separators people type between words removed.
    private static func comparable(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }
}
