/// The names the thumbnail standard keys a file by: its absolute path, the `file://` URI of that path, and the MD5 of
/// the URI. The URI is escaped exactly as GLib's `g_filename_to_uri` escapes it (GNOME Files, eog and most other
/// thumbnailers use it), so all name a photo's thumbnails alike: letters, digits, `-._~`, `!$&'()*+,=:@` and `/` kept,
/// every other byte percent-encoded in upper-case hex. Escaping more (`(` and `)` too) gives another MD5, and no
/// thumbnail would ever be shared for a name like `IMG_001 (1).jpg`.
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
        fileURI(forAbsolutePath: Array(path.utf8))
    }

    /// The `file://` URI of the absolute path whose bytes are `path` (a name that is not UTF-8 too).
    public static func fileURI(forAbsolutePath path: [UInt8]) -> String {
        var uri = "file://"
        for byte in path {
            if isKept(byte) {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
            }
        }
        return uri
    }

    /// Whether `byte` stays as it is in a URI's path, as GLib keeps it in a path: RFC 3986's unreserved characters,
    /// the separator, and the sub-delimiters and `:@` but `;` (GLib's `UNSAFE_PATH` set).
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"): true
        default: keptPunctuation.contains(byte)
        }
    }

    private static let keptPunctuation = Set("!$&'()*+,=:@".utf8)

    private static func hexDigit(_ value: UInt8) -> String {
        String(Unicode.Scalar(value < 10 ? value + 48 : value + 55))
    }
}
