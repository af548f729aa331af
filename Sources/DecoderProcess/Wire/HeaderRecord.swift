import Imaging

/// What a photo's header states (`ImageHeader`, read by a decoder process: the viewer reads no more of a photo than
/// its 16-byte signature) as a fixed 32-byte record, the answer to a `DecoderRequest.Kind.header` request.
///
/// Layout (little-endian): magic, the format's code (0: none recognised; else 1 + its place in `formats`), the format
/// libraries its decode needs (`FormatLibrarySet` bits), then the stated width and height as 64-bit numbers (0: not
/// stated). The viewer takes a size only when both sides are within 1…`ImageHeader.largestStatedSide`, compared as
/// unsigned 64-bit numbers before anything is converted or multiplied: a decoder may be compromised.
public enum HeaderRecord {
    /// The record's size in bytes.
    public static let byteCount = 32
    static let magic: UInt32 = 0x5248_4447  // "GDHR"
    /// The formats by code − 1: the wire's order, fixed (a new format goes at the end).
    static let formats: [ImageHeader.Format] = [
        .jpeg, .png, .gif, .bmp, .webp, .tiff, .tga, .qoi, .pnm, .heif, .avif, .jxl, .raw, .svg,
    ]

    /// A header the viewer may compute with: its format, its size when usable, the libraries its decode needs.
    package struct Stated: Sendable, Equatable {
        /// The format, if the decoder recognised one.
        package var format: ImageHeader.Format?
        /// The size stated, both sides within 1…`ImageHeader.largestStatedSide` (so its area cannot overflow).
        package var size: PixelSize?
        /// The format libraries a process must have loaded to decode it.
        package var libraries: FormatLibrarySet
    }

    /// The record of `header`, whose decode needs `libraries`; an unusable size is sent as not stated.
    package static func encoded(_ header: ImageHeader, libraries: FormatLibrarySet) -> [UInt8] {
        encoded(
            formatCode: header.format.flatMap { formats.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0,
            libraries: libraries.rawValue, width: UInt64(clamping: header.size?.width ?? 0),
            height: UInt64(clamping: header.size?.height ?? 0))
    }

    /// A record of these raw fields (tests play a hostile decoder with it).
    public static func encoded(formatCode: UInt8, libraries: UInt8, width: UInt64, height: UInt64) -> [UInt8] {
        var wire = WireBytes(count: byteCount)
        wire.put(magic, at: 0)
        wire.put(formatCode, at: 4)
        wire.put(libraries, at: 5)
        wire.put(width, at: 8)
        wire.put(height, at: 16)
        return wire.bytes
    }

    /// The header in `bytes`; nil when they are not a record (wrong size or magic, a format code or library bit no
    /// decoder sends). A size out of range is dropped, as a header that states none: the format stays.
    package static func decoded(_ bytes: [UInt8]) -> Stated? {
        let wire = WireBytes(bytes)
        guard bytes.count == byteCount, wire.get(UInt32.self, at: 0) == magic else { return nil }
        let code = wire.get(UInt8.self, at: 4)
        let libraries = wire.get(UInt8.self, at: 5)
        guard Int(code) <= formats.count, libraries & ~FormatLibrarySet.all.rawValue == 0 else { return nil }
        let sides = (wire.get(UInt64.self, at: 8), wire.get(UInt64.self, at: 16))
        let largest = UInt64(ImageHeader.largestStatedSide)
        let size =
            (1...largest).contains(sides.0) && (1...largest).contains(sides.1)
            ? PixelSize(width: Int(sides.0), height: Int(sides.1)) : nil
        return Stated(
            format: code == 0 ? nil : formats[Int(code) - 1], size: size,
            libraries: FormatLibrarySet(rawValue: libraries))
    }
}
