import PagerEngine
import Support

/// The state file's text: a header line, then one line per photo (`v`) and per folder (`f`), fields separated by one
/// space, paths percent-encoded (any byte outside `!`…`~`, and `%`), so a name with spaces, newlines or bytes that are
/// not UTF-8 stays one field:
///
///     gallery views 1
///     v DEVICE INODE SIZE MTIME_NS SCALE|- SHARE_X SHARE_Y TURNS MIRRORED PATH
///     f FOLDER PATH
extension ViewMemory {
    /// The first line.
    static let header = "gallery views 1"

    /// Why a state file was not understood: the line, counted from 1 (nil: the file as a whole).
    public struct TextError: Error, Equatable, Sendable {
        /// The line.
        public var line: Int?

        /// An error on `line`.
        public init(line: Int?) {
            self.line = line
        }
    }

    /// The file's text.
    public var text: String {
        var lines = [Self.header]
        for entry in entries {
            let identity = entry.identity
            let zoom = entry.view.zoom
            let fields: [String] = [
                "v", String(identity.device), String(identity.inode), String(identity.byteCount),
                String(identity.modifiedNanoseconds), zoom.map { String($0.imageScale) } ?? "-",
                String(zoom?.shareX ?? 0), String(zoom?.shareY ?? 0), String(entry.view.orientation.quarterTurns),
                entry.view.orientation.mirrored ? "1" : "0", Self.encoded(entry.path),
            ]
            lines.append(fields.joined(separator: " "))
        }
        for (folder, photo) in lastPhotos { lines.append("f \(Self.encoded(folder)) \(Self.encoded(photo))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the file's text; anything not understood refuses it whole (it is then ignored, never half-read).
    public init(text: String) throws(TextError) {
        self.init()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == Substring(Self.header) else { throw TextError(line: 1) }
        var views: [Entry] = []
        var folders: [(String, String)] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            if fields.first == "f", fields.count == 3, let folder = Self.decoded(fields[1]),
                let photo = Self.decoded(fields[2]), folders.count < Self.maximumFolders
            {
                folders.append((folder, photo))
            } else if fields.first == "v", fields.count == 11, views.count < Self.maximumViews,
                let entry = Self.entry(fields)
            {
                views.append(entry)
            } else {
                throw TextError(line: index + 1)
            }
        }
        // Last to first, so the first line ends most recent and a path given twice keeps its first.
        for entry in views.reversed() { record(entry) }
        for (folder, photo) in folders.reversed() { recordLastPhoto(photo, inFolder: folder) }
    }

    /// A `v` line's entry, or nil when a field is out of range.
    private static func entry(_ fields: [Substring]) -> Entry? {
        guard let device = UInt64(fields[1]), let inode = UInt64(fields[2]), let size = Int(fields[3]), size >= 0,
            let modified = Int(fields[4]), let shareX = Double(fields[6]), let shareY = Double(fields[7]),
            (-1...1).contains(shareX), (-1...1).contains(shareY), let turns = Int(fields[8]), (0...3).contains(turns),
            fields[9] == "0" || fields[9] == "1", let path = decoded(fields[10]), !path.isEmpty
        else { return nil }
        var zoom: CarriedZoom?
        if fields[5] != "-" {
            // Zooms run from a fraction of fit to 800 % of the photo's own pixels; far outside is a damaged file.
            guard let scale = Double(fields[5]), scale.isFinite, scale > 0.001, scale <= 1000 else { return nil }
            zoom = CarriedZoom(imageScale: scale, shareX: shareX, shareY: shareY)
        }
        return Entry(
            path: path,
            identity: Identity(device: device, inode: inode, byteCount: size, modifiedNanoseconds: modified),
            view: RememberedView(
                zoom: zoom, orientation: ViewOrientation(quarterTurns: turns, mirrored: fields[9] == "1")))
    }

    /// `path`'s bytes, each outside `!`…`~` (and `%`) as `%XX`.
    static func encoded(_ path: String) -> String {
        var text = ""
        for byte in PathBytes.bytes(of: path) {
            if byte > 0x20, byte < 0x7F, byte != 0x25 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }

    /// The path `field` encodes, or nil when it is not so encoded.
    static func decoded(_ field: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = field.utf8[...]
        while let byte = rest.first {
            rest.removeFirst()
            if byte == 0x25 {
                guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
                rest.removeFirst(2)
            } else {
                guard byte > 0x20, byte < 0x7F else { return nil }
                bytes.append(byte)
            }
        }
        return PathBytes.string(fromBytes: bytes)
    }
}
