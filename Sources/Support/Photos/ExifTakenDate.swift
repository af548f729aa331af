/// The date a photo was taken (EXIF DateTimeOriginal), read for `--sort taken` from a file's first bytes alone: a
/// JPEG's APP1 segment, or a TIFF-based file (most camera RAW formats) whose EXIF directory lies near its start. Parsed
/// in a decoder process (`TakenDateRecord`): the viewer reads no more of a photo than its signature.
/// One tag is wanted of thousands of files, so it is found by hand rather than by parsing everything with libexif.
public enum ExifTakenDate {
    /// How much of each file is read: a JPEG's APP1 segment is at most 64 KiB and comes first.
    public static let headBytes = 64 << 10

    /// The DateTimeOriginal text in `head`, a file's first bytes; nil when they hold none.
    public static func text(inHead head: [UInt8]) -> String? {
        guard let tiff = tiffStart(in: head) else { return nil }
        let reader = TIFFReader(bytes: head, start: tiff)
        guard let exif = reader.firstIFD.flatMap({ reader.entry(0x8769, inIFD: $0) }).map(reader.value(of:)),
            let entry = reader.entry(0x9003, inIFD: tiff + Int(exif)), entry.type == 2
        else { return nil }
        let count = Int(entry.count)
        let start = count <= 4 ? entry.position + 8 : tiff + Int(reader.value(of: entry))
        guard count > 0, count < 64, start >= 0, start + count <= head.count else { return nil }
        let text = head[start..<start + count].prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// The camera's clock when the photo whose first bytes are `head` was taken, in seconds since 1970-01-01 00:00:00
    /// on that clock (no zone: a decoder process, which reads it, has no zone files; the viewer applies its own);
    /// nil when they state none.
    public static func cameraSeconds(inHead head: [UInt8]) -> Int? {
        text(inHead: head).flatMap(ExifDateTime.init).map(\.secondsSince1970)
    }

    /// Where the TIFF structure starts: after "Exif\0\0" in a JPEG's APP1 segment, or at 0 in a TIFF file.
    static func tiffStart(in head: [UInt8]) -> Int? {
        if head.count >= 8, head[0] == 0x49 && head[1] == 0x49 || head[0] == 0x4D && head[1] == 0x4D { return 0 }
        guard head.count >= 4, head[0] == 0xFF, head[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= head.count {
            guard head[offset] == 0xFF else { return nil }
            let marker = head[offset + 1]
            if marker == 0xFF {
                offset += 1  // Fill byte.
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // The image data, or the end: no EXIF before it.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(head[offset + 2]) << 8 | Int(head[offset + 3])
            let payload = offset + 4
            if marker == 0xE1, payload + 6 <= head.count,
                Array(head[payload..<payload + 6]) == Array("Exif".utf8) + [0, 0]
            {
                return payload + 6
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }
}

/// Bounds-checked reads of a TIFF structure's directories, in its byte order.
private struct TIFFReader {
    let bytes: [UInt8]
    let start: Int
    let littleEndian: Bool

    /// One directory entry: its tag, type, count and where it is.
    struct Entry {
        var type: Int
        var count: UInt32
        var position: Int
    }

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.start = start
        littleEndian = start < bytes.count && bytes[start] == 0x49
    }

    /// The first directory's offset in `bytes`; nil if the header is not TIFF's.
    var firstIFD: Int? {
        guard let magic = u16(start + 2), magic == 42, let offset = u32(start + 4) else { return nil }
        return start + Int(offset)
    }

    /// The entry with `tag` in the directory at `ifd` (an offset in `bytes`).
    func entry(_ tag: Int, inIFD ifd: Int) -> Entry? {
        guard let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let position = ifd + 2 + index * 12
            guard let found = u16(position), let type = u16(position + 2), let values = u32(position + 4) else {
                return nil
            }
            if found == tag { return Entry(type: type, count: values, position: position) }
        }
        return nil
    }

    /// The entry's value field as a number (a LONG, or the offset of values too long to fit).
    func value(of entry: Entry) -> UInt32 {
        u32(entry.position + 8) ?? 0
    }

    private func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
        return littleEndian ? b << 8 | a : a << 8 | b
    }

    private func u32(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let values = bytes[offset..<offset + 4].map(UInt32.init)
        return littleEndian
            ? values[3] << 24 | values[2] << 16 | values[1] << 8 | values[0]
            : values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3]
    }
}
