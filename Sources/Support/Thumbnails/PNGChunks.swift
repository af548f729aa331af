/// A PNG's chunks, read and written without a PNG library: the thumbnail cache reads the `tEXt` chunks of files other
/// programs wrote (so the reader trusts nothing: every length is checked against the bytes there are), and writes its
/// own `tEXt` chunks and the tiny pictures of its fail entries.
public enum PNGChunks {
    /// The most chunks read before giving up: a thumbnail's pixels take a few `IDAT` chunks, far within this.
    static let maximumChunkCount = 4096

    /// The `tEXt` keywords and texts (Latin-1) before the `IEND` chunk of `png`, whose CRCs are right, or nil when
    /// `png` does not start with a PNG signature and `IHDR` chunk. Text after the `IDAT` chunks counts too (the PNG
    /// specification lets text chunks stand anywhere between `IHDR` and `IEND`, and ImageMagick writes them there).
    /// A truncated file gives what precedes the cut.
    public static func texts(in png: [UInt8]) -> [String: String]? {
        guard png.count >= 33, png.starts(with: ShotMark.signature), png[12..<16].elementsEqual("IHDR".utf8) else {
            return nil
        }
        var texts: [String: String] = [:]
        var offset = 8
        for _ in 0..<maximumChunkCount {
            guard png.count - offset >= 12 else { break }
            let length = Int(bigEndian(png, at: offset))
            guard length <= 0x7FFF_FFFF, length <= png.count - offset - 12 else { break }
            let type = png[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("IEND".utf8) { break }
            if type.elementsEqual("tEXt".utf8) {
                let body = Array(png[(offset + 4)..<(offset + 8 + length)])
                if ShotMark.crc32(body) == bigEndian(png, at: offset + 8 + length),
                    let separator = body[4...].firstIndex(of: 0), separator > 4
                {
                    texts[latin1(body[4..<separator])] = latin1(body[(separator + 1)...])
                }
            }
            offset += 12 + length
        }
        return texts
    }

    /// The width and height `IHDR` states, or nil when `png` does not start with a signature and `IHDR`.
    public static func size(of png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, png.starts(with: ShotMark.signature), png[12..<16].elementsEqual("IHDR".utf8) else {
            return nil
        }
        return (Int(bigEndian(png, at: 16)), Int(bigEndian(png, at: 20)))
    }

    /// A whole `tEXt` chunk (length, type, data, CRC); `keyword` and `text` are Latin-1 (other characters become `?`).
    public static func textChunk(keyword: String, text: String) -> [UInt8] {
        chunk(type: "tEXt", data: latin1Bytes(keyword) + [0] + latin1Bytes(text))
    }

    /// `png` with `chunks` inserted after its `IHDR` chunk, or nil when it does not start with a signature and an
    /// `IHDR` chunk of 13 bytes.
    public static func inserting(_ chunks: [[UInt8]], into png: [UInt8]) -> [UInt8]? {
        let end = ShotMark.markOffset
        guard png.count >= end, png.starts(with: ShotMark.signature),
            png[8..<16].elementsEqual([0, 0, 0, 13] + Array("IHDR".utf8))
        else { return nil }
        return Array(png[..<end]) + chunks.flatMap { $0 } + png[end...]
    }

    /// An opaque RGB PNG of `width` × `height` pixels of one colour, with `chunks` after its header and `trailing`
    /// after its pixels: stored (not compressed) zlib blocks, so no library is needed. For the cache's fail entries
    /// (1 × 1) and tests.
    public static func solid(
        width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, chunks: [[UInt8]] = [],
        trailing: [[UInt8]] = []
    ) -> [UInt8] {
        let header =
            bigEndianBytes(UInt32(width)) + bigEndianBytes(UInt32(height)) + [8, 2, 0, 0, 0]
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += [red, green, blue] }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(raw.count - start, 65_535)
            let last: UInt8 = start + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[start..<(start + count)]
            start += count
        } while start < raw.count
        zlib += bigEndianBytes(adler32(raw))
        return ShotMark.signature + chunk(type: "IHDR", data: header) + chunks.flatMap { $0 }
            + chunk(type: "IDAT", data: zlib) + trailing.flatMap { $0 } + chunk(type: "IEND", data: [])
    }

    private static func chunk(type: String, data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndianBytes(UInt32(data.count)) + body + bigEndianBytes(ShotMark.crc32(body))
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return text
    }

    private static func latin1Bytes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }
}
