extension ImageHeader {
    /// Whether the ISO base media file `read` reads says it holds an AVIF image sequence: `avis` among its `ftyp`
    /// brands (major or compatible). Only such a file asks libavif for frames; a still AVIF is libheif's alone.
    package static func isAVIFSequence(_ read: Reader) -> Bool {
        let box = read(0, 8)
        guard box.count == 8, box[4..<8].elementsEqual("ftyp".utf8) else { return false }
        // The box's stated length, capped as `isobmffFormat` caps it: no real file lists 60 brands.
        let length = min(box[0..<4].reduce(0) { $0 << 8 | Int($1) }, 256)
        guard length >= 16 else { return false }
        let payload = read(8, length - 8)
        // The major brand, the minor version (skipped), then the compatible brands, 4 bytes each.
        return stride(from: 0, to: payload.count - 3, by: 4).contains { offset in
            offset != 4 && payload[offset..<offset + 4].elementsEqual("avis".utf8)
        }
    }
}
