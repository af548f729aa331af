/// A path's bytes carried in a `String`, so a file whose name is not UTF-8 (`bad\xff\xfename.jpg`, from an old
/// camera card or another locale) still opens. Each byte of an invalid sequence becomes one scalar of a private-use
/// block (U+10FE80 + the byte − 0x80) instead of U+FFFD, which would name another file, and turns back into that byte
/// whenever the path reaches the system (`withSystemPath`). Valid UTF-8 stays as it is, so every other path is
/// unchanged; a valid name that uses the block itself is escaped byte by byte too, so the mapping is exact both ways.
public enum PathBytes {
    /// The scalar standing for byte 0x80; 0x81…0xFF follow.
    static let escapeBase: UInt32 = 0x10_FE80

    /// The path whose bytes are `bytes`, invalid UTF-8 kept byte for byte.
    public static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                scalars.append(Unicode.Scalar(bytes[index]))
                index += 1
            } else if let (scalar, length) = sequence(in: bytes, at: index), !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]) - 0x80)!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `path` stands for: its UTF-8, with each escaped byte turned back into itself.
    public static func bytes(of path: String) -> [UInt8] {
        guard hasEscapes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(UInt8(scalar.value - escapeBase + 0x80))
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the system names it (a NUL-terminated C string of its bytes).
    public static func withSystemPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        guard hasEscapes(path) else { return path.withCString(body) }
        let bytes = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Whether `path` may hold an escaped byte: every scalar of the block is encoded with the lead byte 0xF4.
    static func hasEscapes(_ path: String) -> Bool {
        path.utf8.contains(0xF4)
    }

    private static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        (escapeBase..<(escapeBase + 0x80)).contains(scalar.value)
    }

    /// The scalar of the well-formed UTF-8 sequence (Unicode's table 3-7) starting at `index` with a byte ≥ 0x80,
    /// and its length; nil when it is not one.
    private static func sequence(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        guard let (length, second) = shape(ofLead: lead) else { return nil }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard (0x80...0xBF).contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// The length of the sequence a lead byte starts and the range its second byte must lie in; nil for a byte that
    /// starts none.
    private static func shape(ofLead lead: UInt8) -> (Int, ClosedRange<UInt8>)? {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: nil
        }
    }
}
