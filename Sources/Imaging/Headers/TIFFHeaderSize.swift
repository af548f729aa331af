/// The pixel size a TIFF's or BigTIFF's header states: ImageWidth and ImageLength from its first image file directory
/// (the one SDL_image's libtiff decodes), read through an `ImageHeader.Reader` with every offset and count bounded.
enum TIFFHeaderSize {
    /// ImageWidth and ImageLength from a BigTIFF's first directory (libtiff reads BigTIFF): 8-byte offsets and counts,
    /// 20-byte entries whose value field holds a SHORT, LONG or LONG8 in its first bytes.
    static func big(_ bytes: [UInt8], _ read: ImageHeader.Reader) -> PixelSize? {
        guard bytes.count >= 16 else { return nil }
        let integer = integers(littleEndian: bytes[0] == 0x49)
        // An 8-byte offset past 2^40 is no file the gallery reads (and `directory + 8` could overflow).
        let directory = integer(bytes, 8, 8)
        guard directory > 0, directory < 1 << 40 else { return nil }
        let countField = read(directory, 8)
        guard countField.count == 8 else { return nil }
        let entryCount = integer(countField, 0, 8)
        guard entryCount >= 0, entryCount <= ImageHeader.maximumSteps * 4 else { return nil }
        let entries = read(directory + 8, entryCount * 20)
        guard entries.count == entryCount * 20 else { return nil }
        return directorySize(entries, entrySize: 20, valueOffset: 12, integer: integer)
    }

    /// ImageWidth (tag 256) and ImageLength (257) from the first image file directory (the one SDL_image decodes).
    static func classic(_ bytes: [UInt8], _ read: ImageHeader.Reader) -> PixelSize? {
        guard bytes.count >= 8 else { return nil }
        let integer = integers(littleEndian: bytes[0] == 0x49)
        let directory = integer(bytes, 4, 4)
        let countField = read(directory, 2)
        guard countField.count == 2 else { return nil }
        let entryCount = integer(countField, 0, 2)
        guard entryCount <= ImageHeader.maximumSteps * 4 else { return nil }
        let entries = read(directory + 2, entryCount * 12)
        guard entries.count == entryCount * 12 else { return nil }
        return directorySize(entries, entrySize: 12, valueOffset: 8, integer: integer)
    }

    /// ImageWidth (tag 256) and ImageLength (257) among a directory's `entries` (12 bytes each in TIFF, 20 in BigTIFF,
    /// the value field at `valueOffset`): a SHORT (3), LONG (4) or LONG8 (16) value sits in the field's first bytes.
    private static func directorySize(
        _ entries: [UInt8], entrySize: Int, valueOffset: Int,
        integer: (_ field: [UInt8], _ at: Int, _ count: Int) -> Int
    ) -> PixelSize? {
        var width: Int?
        var height: Int?
        for entry in stride(from: 0, to: entries.count, by: entrySize) {
            let tag = integer(entries, entry, 2)
            guard tag == 256 || tag == 257 else { continue }
            let value =
                switch integer(entries, entry + 2, 2) {
                case 3: integer(entries, entry + valueOffset, 2)
                case 4: integer(entries, entry + valueOffset, 4)
                case 16 where entrySize == 20: integer(entries, entry + valueOffset, 8)
                default: -1
                }
            guard value > 0 else { return nil }
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// Reads the unsigned integer in `count` bytes at `offset` of a field, in the file's byte order.
    private static func integers(littleEndian: Bool) -> (_ field: [UInt8], _ at: Int, _ count: Int) -> Int {
        { field, offset, count in
            littleEndian
                ? ImageHeader.littleEndian(field, at: offset, count: count)
                : ImageHeader.bigEndian(field, at: offset, count: count)
        }
    }
}
