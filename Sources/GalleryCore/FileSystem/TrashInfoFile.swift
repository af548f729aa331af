import Glibc
import Support

/// A trashed file's `info/NAME.trashinfo`, per the freedesktop.org Trash specification 1.0: the `Path=` the file came
/// from and its `DeletionDate=`, written before the file is moved so that a file in the trash always has its info.
package struct TrashInfoFile: Sendable {
    /// Where the info file is: `TRASH/info/NAME.trashinfo`.
    let path: String
    /// The `Path=` it records: absolute in the home trash, relative to the volume's top in a volume's trash.
    let recordedPath: String
    /// When the file was trashed.
    let deletionTime: time_t

    /// The file's text: its `[Trash Info]` group with `Path=` escaped and `DeletionDate=` in local time.
    var contents: String {
        "[Trash Info]\nPath=\(Self.escaped(recordedPath))\nDeletionDate=\(Self.deletionDate(deletionTime))\n"
    }

    /// Creates the file with its contents, reserving its name (`O_EXCL`): true when made, false when the name is
    /// taken. Throws when it cannot be made or written, leaving no file behind.
    func create() throws(TrashError) -> Bool {
        let descriptor = PathBytes.withSystemPath(path) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        if descriptor < 0 {
            guard errno == EEXIST else { throw .system(path, errno) }
            return false
        }
        let failure = Array(contents.utf8).withUnsafeBytes { FileSystem.writeAll($0, to: descriptor) }
        let closed = FileSystem.closeDescriptor(descriptor)
        if let code = failure ?? closed {
            Self.remove(path)
            throw .system(path, code)
        }
        return true
    }

    /// Removes the info file at `path` (its file moved back, or its move failed); a file already gone is no error.
    static func remove(_ path: String) {
        _ = PathBytes.withSystemPath(path) { unlink($0) }
    }

    /// The path as `Path=` holds it: percent-encoded bytes, all but RFC 3986's unreserved characters and `/` (what
    /// GLib's `g_uri_escape_string(path, "/", FALSE)` writes).
    package static func escaped(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in PathBytes.bytes(of: path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `DeletionDate=`'s value: local time, `YYYY-MM-DDThh:mm:ss`.
    static func deletionDate(_ time: time_t) -> String {
        var seconds = time
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
