/// The first image file directory (IFD0) of a classic TIFF in memory: the byte order, and each entry's type, count and
/// value field by tag (TIFF 6.0, section 2). The directory SDL_image's libtiff loads, so what it says is what is shown.
package struct TIFFFirstDirectory {
    /// The file's bytes.
    private let bytes: UnsafeRawBufferPointer
    /// Whether the file is little-endian (`II`) rather than big-endian (`MM`).
    private let little: Bool
    /// Where IFD0 starts.
    private let start: Int
    /// How many entries IFD0 holds.
    private let entryCount: Int

    /// One directory entry: its field type, its value count and where its 4-byte value (or value offset) field lies.
    package struct Entry {
        /// The field type (1 BYTE, 3 SHORT, 4 LONG, 7 UNDEFINED, …).
        package let type: Int
        /// How many values of `type` the entry holds.
        package let count: Int
        /// The position of the entry's value field: the values themselves when they fit in 4 bytes, else their offset.
        package let valueField: Int
    }

    /// IFD0 of the TIFF in `bytes`, or nil when `bytes` is no classic TIFF (byte order mark, 42, a directory past the
    /// header with at least one entry).
    package init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let little = little
        func integer(_ offset: Int, _ width: Int) -> Int { Self.integer(in: bytes, little: little, at: offset, width) }
        let directory = integer(4, 4)
        let entries = integer(directory, 2)
        guard integer(2, 2) == 42, directory >= 8, entries > 0 else { return nil }
        self.bytes = bytes
        start = directory
        // A directory states at most 65,535 entries; a hostile one is cut to what a real file carries.
        entryCount = min(entries, 4096)
    }

    /// The unsigned integer of `width` bytes at `offset` in the file's byte order, or -1 when it lies outside the file.
    package func integer(at offset: Int, width: Int) -> Int {
        Self.integer(in: bytes, little: little, at: offset, width)
    }

    private static func integer(in bytes: UnsafeRawBufferPointer, little: Bool, at offset: Int, _ width: Int) -> Int {
        guard offset >= 0, offset <= bytes.count - width else { return -1 }
        return (0..<width).reduce(0) { value, index in
            value | Int(bytes[offset + index]) << (8 * (little ? index : width - 1 - index))
        }
    }

    /// The first entry of IFD0 with `tag`, or nil when it has none.
    package func entry(tag: Int) -> Entry? {
        for index in 0..<entryCount {
            let position = start + 2 + 12 * index
            guard integer(at: position, width: 2) == tag else { continue }
            return Entry(
                type: integer(at: position + 2, width: 2), count: integer(at: position + 4, width: 4),
                valueField: position + 8)
        }
        return nil
    }
}
