import Glibc
import Support

/// The top of the volume a file is on (its mount point), where that volume's trash lives.
extension Trash {
    /// The most bytes of `/proc/self/mountinfo` read: thousands of mounts fit; past it the lookup falls back to the
    /// walk up the path.
    static let mountInfoLimit = 4 << 20

    /// The mount point of the volume holding `path`, a real path (no links in its folders): the longest mount point in
    /// `/proc/self/mountinfo` above it whose device is its folder's; else the highest folder above it on that device.
    @Sendable static func mountPoint(of path: String) -> String {
        let folder = parent(path)
        guard let volume = device(of: folder) else { return "/" }
        if let text = readMountInfo(), let top = mountPoint(in: text, of: folder, device: volume) { return top }
        var current = folder
        while current != "/" {
            let above = parent(current)
            guard device(of: above) == volume else { return current }
            current = above
        }
        return "/"
    }

    /// The longest mount point in `mountInfo` (the text of `/proc/self/mountinfo`) that is `path` or a folder above it
    /// and whose device is `device`; nil when none is. Lines that do not parse are skipped: the text is bounded and
    /// trusted no more than any file's.
    package static func mountPoint(in mountInfo: [UInt8], of path: String, device: dev_t) -> String? {
        let target = PathBytes.bytes(of: path)
        var best: [UInt8]?
        for line in mountInfo.split(separator: UInt8(ascii: "\n")) {
            // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS …
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count >= 5, let lineDevice = Self.device(fromMajorMinor: fields[2]), lineDevice == device,
                let mount = Self.unescaped(fields[4]), mount.first == UInt8(ascii: "/")
            else { continue }
            let above =
                mount == [UInt8(ascii: "/")]
                || (target.starts(with: mount)
                    && (target.count == mount.count || target[mount.count] == UInt8(ascii: "/")))
            if above, mount.count > best?.count ?? 0 { best = mount }
        }
        return best.map { PathBytes.string(fromBytes: $0) }
    }

    /// The device number of mountinfo's `MAJOR:MINOR` (glibc's `makedev`); nil unless two decimal numbers.
    static func device(fromMajorMinor field: ArraySlice<UInt8>) -> dev_t? {
        let parts = field.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard (1...10).contains(part.count), part.allSatisfy({ (48...57).contains($0) }) else { return nil }
            let value = part.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
            guard value <= UInt32.max else { return nil }
            numbers.append(value)
        }
        let (major, minor) = (numbers[0], numbers[1])
        let device =
            ((major & 0xFFF) << 8) | ((major & 0xFFFF_F000) << 32) | (minor & 0xFF) | ((minor & 0xFFFF_FF00) << 12)
        return dev_t(device)
    }

    /// A mountinfo path with its octal escapes (`\040` for a space, `\011`, `\012`, `\134`) turned back into bytes;
    /// nil for a backslash not followed by three octal digits of a byte.
    static func unescaped(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = field.startIndex
        while index < field.endIndex {
            guard field[index] == UInt8(ascii: "\\") else {
                bytes.append(field[index])
                index += 1
                continue
            }
            let digits = field[(index + 1)...].prefix(3)
            guard digits.count == 3, digits.allSatisfy({ (48...55).contains($0) }) else { return nil }
            let value = digits.reduce(0) { $0 * 8 + Int($1 - 48) }
            guard value <= 255 else { return nil }
            bytes.append(UInt8(value))
            index += 4
        }
        return bytes
    }

    /// The first `mountInfoLimit` bytes of `/proc/self/mountinfo`, cut after its last whole line; nil if unreadable.
    static func readMountInfo() -> [UInt8]? {
        let descriptor = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while text.count < mountInfoLimit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            text += chunk[..<min(count, mountInfoLimit - text.count)]
        }
        // A line cut by the limit would name a shorter mount point than the real one.
        if let end = text.lastIndex(of: UInt8(ascii: "\n")) { text.removeSubrange((end + 1)...) } else { text = [] }
        return text
    }
}
