/// The mark that makes a PNG a shot of the gallery's: a `tEXt` chunk `Software` = `gallery headless shot` right after
/// the header. `--shots` replaces a file only when it carries this mark, so a re-run overwrites its own shots and
/// never a photo someone put in the folder, whatever its name or format.
public enum ShotMark {
    /// The PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Where the mark goes: after the signature and the IHDR chunk (4 + 4 + 13 + 4 bytes), which a PNG must start with.
    static let markOffset = signature.count + 25
    /// The whole chunk: length, type, keyword, NUL, text, CRC.
    static let chunk: [UInt8] = {
        let body = Array("tEXtSoftware".utf8) + [0] + Array("gallery headless shot".utf8)
        let length = UInt32(body.count - 4)
        return bigEndian(length) + body + bigEndian(crc32(body))
    }()

    /// Bytes of a file's start that `isMarked` looks at.
    public static var headLength: Int { markOffset + chunk.count }

    /// `png` with the mark inserted after its header, or nil when it does not start with a signature and an IHDR
    /// chunk of 13 bytes.
    public static func marking(_ png: [UInt8]) -> [UInt8]? {
        guard png.count >= markOffset, png.starts(with: signature),
            png[8..<16].elementsEqual([0, 0, 0, 13] + Array("IHDR".utf8))
        else { return nil }
        return Array(png[..<markOffset]) + chunk + png[markOffset...]
    }

    /// Whether a file starting with `head` is a marked shot.
    public static func isMarked(_ head: [UInt8]) -> Bool {
        head.count >= headLength && head.starts(with: signature)
            && head[12..<16].elementsEqual("IHDR".utf8) && head[markOffset..<headLength].elementsEqual(chunk)
    }

    /// CRC-32 as PNG computes it (ISO 3309, reflected, polynomial 0xEDB88320) over a chunk's type and data.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
