/// What a PNG file's chunks before its image data say about how it must be decoded: whether libpng's simplified
/// reader alone gives the same pixels SDL_image's loader gives, so a decoder process needs no SDL_image for it.
///
/// That reader converts a file that states a gamma, primaries or a profile (`gAMA`, `cHRM`, `iCCP`), and 16-bit
/// samples, on its own; the gallery converts those through Little CMS (`EmbeddedColour`), so such files, animated
/// PNGs and any chunk not listed here stay with SDL_image. What the desktop's thumbnail caches hold is plain.
package enum PNGLayout {
    /// Chunks that may precede the image data of a plain PNG: none of them changes the decoded samples.
    static let plainChunks: Set<String> = [
        "IHDR", "PLTE", "tRNS", "sRGB", "bKGD", "pHYs", "tEXt", "zTXt", "iTXt", "tIME", "eXIf", "hIST", "sPLT", "sBIT",
        "oFFs", "pCAL", "sCAL", "sTER",
    ]

    /// How far the chunks are followed: a file whose image data starts later is treated as not plain.
    static let searchedBytes = 1 << 16

    /// The most pixels a plain PNG states (16 MP, far beyond any thumbnail or screenshot). A larger one goes to
    /// SDL_image, whose two full-size copies the decoder finds no room for before it loads them: a flat 9999² PNG is
    /// a tile at once, where libpng's single copy fits and inflates its 100 million pixels for seconds.
    static let maximumPixels = 1 << 24

    /// Whether the PNG that `read` reads is plain: 8 bits a sample or fewer, at most `maximumPixels`, and only
    /// `plainChunks` before its first `IDAT`, found within the first `searchedBytes`.
    package static func isPlain(_ read: ImageHeader.Reader) -> Bool {
        let head = read(0, 33)
        guard head.count == 33, head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            head[12..<16].elementsEqual("IHDR".utf8), head[24] <= 8
        else { return false }
        let width = head[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0, width <= maximumPixels / height else { return false }
        var position = 8
        while position < searchedBytes {
            let header = read(position, 8)
            guard header.count == 8 else { return false }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if type == "IDAT" { return true }
            guard plainChunks.contains(type), length < searchedBytes else { return false }
            position += 12 + length
        }
        return false
    }

    /// `isPlain` over a whole file in memory.
    package static func isPlain(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isPlain(ImageHeader.reader(of: bytes))
    }
}
