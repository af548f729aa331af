import Support

/// A photo's file as the clipboard offers it besides its picture: its absolute path as text, and its `file://` URI as
/// `text/uri-list` and as GNOME's `x-special/gnome-copied-files`, so a file manager pastes the file itself.
public struct ClipboardFile: Sendable, Equatable {
    /// The absolute path, its bytes kept as `PathBytes` holds them.
    public let path: String

    /// The file at `absolutePath` (made absolute by the caller: `FileSystem.absolutePath`).
    public init(absolutePath: String) {
        path = absolutePath
    }

    /// The path's bytes, as the file system names the file: what `text/plain` and `UTF8_STRING` hold.
    public var pathBytes: [UInt8] { PathBytes.bytes(of: path) }

    /// The file's URI, `file://` and the path with every byte but RFC 3986's unreserved ones and `/` percent-encoded
    /// (a space, `%`, `#`, `?`, a newline and every byte of a non-ASCII name), so any reader gets the path's very bytes
    /// back (GLib's `g_filename_from_uri`, a browser's, a file manager's).
    public var uri: String {
        var text = "file://"
        for byte in pathBytes {
            if Self.isUnreserved(byte) || byte == UInt8(ascii: "/") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return text
    }

    /// `text/uri-list` (RFC 2483): the URI and a CRLF.
    public var uriList: [UInt8] { Array((uri + "\r\n").utf8) }

    /// `x-special/gnome-copied-files`, which Nautilus, Nemo, Caja and Thunar paste: the operation, a newline, the URI.
    public var gnomeCopiedFiles: [UInt8] { Array(("copy\n" + uri).utf8) }

    /// Whether `byte` is an RFC 3986 unreserved character: a letter, a digit, `-`, `.`, `_` or `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
