extension ImageHeader {
    /// How far into the file the root `<svg` element is looked for: past an XML declaration, a DOCTYPE with its
    /// entities and a comment or two.
    static let svgSearchLength = 4096

    /// Whether the file is an SVG document: text beginning with `<` (after a UTF-8 byte order mark and white space)
    /// with `<svg` in its first `svgSearchLength` bytes. Its size is left unstated
    /// here: a vector picture has none in pixels until librsvg reads it, in the decoder (a document without width and
    /// height has none at all).
    static func isSVG(_ read: Reader) -> Bool {
        let bytes = read(0, svgSearchLength)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        let root = Array("<svg".utf8)
        // A `<` fewer than four bytes before the end leaves no room for the root, and no range to search.
        guard bytes.count - start >= root.count else { return false }
        return (start...(bytes.count - root.count)).contains { bytes[$0..<($0 + root.count)].elementsEqual(root) }
    }
}
