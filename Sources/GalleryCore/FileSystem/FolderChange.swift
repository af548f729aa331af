import Glibc
import Support

/// What an inotify event says about a name in a watched folder; read the same way by the feed's folder watch and the
/// watch of the shown photo's folder.
enum FolderChange {
    /// Created or written to: it is being written, so not complete yet.
    case writing
    /// Closed after writing, or moved in whole: complete, once it stays unchanged for the quiet period.
    case completed
    /// Deleted or moved out.
    case removed

    /// Adds the names in a buffer of inotify events, with what happened to each, to `names`; true when the kernel's
    /// queue overflowed (events were lost).
    static func events(
        in buffer: [UInt8], count: Int, into names: inout [(name: String, change: FolderChange)]
    ) -> Bool {
        var overflowed = false
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { bytes in
            while offset + header <= count {
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                let nameBytes = bytes[(offset + header)..<min(offset + header + length, count)]
                let name = PathBytes.string(fromBytes: nameBytes.prefix { $0 != 0 })
                if !name.isEmpty, mask & UInt32(IN_ISDIR) == 0 {
                    let change: FolderChange =
                        if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 {
                            .removed
                        } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 { .completed } else { .writing }
                    names.append((name, change))
                }
                offset += header + length
            }
        }
        return overflowed
    }
}
