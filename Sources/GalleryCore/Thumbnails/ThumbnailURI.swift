/// The names the thumbnail standard keys a file by: its absolute path, the `file://` URI of that path (RFC 3986's
/// unreserved characters and `/` kept, every other byte percent-encoded), and the MD5 of the URI.
public enum ThumbnailURI {
    /// `path` made absolute against `workingDirectory`, with `.` and empty components removed and `..` applied.
    public static func absolutePath(_ path: String, workingDirectory: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The `file://` URI of the absolute `path`.
    public static func fileURI(forAbsolutePath path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            if isKept(byte) {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
            }
        }
        return uri
    }

    /// Whether `byte` stays as it is in a URI's path: RFC 3986's unreserved characters and the separator.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"): true
        default: false
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(Unicode.Scalar(value < 10 ? value + 48 : value + 55))
    }
}
