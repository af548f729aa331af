import Support

/// The marked photos' paths as `-o` prints them on quit: one per line, or NUL-separated with `-0`. A newline in a
/// name would make one path read as several lines (and `xargs -d '\n'` act on made-up names), so in the line form
/// such a name is left out and counted, never printed; the NUL form carries every name, as no path holds a NUL.
public struct MarkedList: Equatable, Sendable {
    /// How the paths are separated.
    public enum Separator: Sendable {
        case newline
        case nul
    }

    /// The bytes to print.
    public var bytes: [UInt8]
    /// The names left out (line form only), in gallery order.
    public var leftOut: [String]

    /// The list of `paths` separated by `separator`.
    public init(paths: [String], separator: Separator) {
        bytes = []
        leftOut = []
        for path in paths {
            let name = PathBytes.bytes(of: path)
            if separator == .newline, name.contains(UInt8(ascii: "\n")) {
                leftOut.append(path)
                continue
            }
            bytes += name
            bytes.append(separator == .newline ? UInt8(ascii: "\n") : 0)
        }
    }
}
