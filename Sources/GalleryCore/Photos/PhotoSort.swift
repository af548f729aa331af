#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The order a folder's photos are shown in (`--sort`).
public enum PhotoSort: String, CaseIterable, Sendable {
    /// Natural order of the file names ("photo2" before "photo10", case ignored).
    case name
    /// Oldest modification time first; equal times in natural order of the names.
    case mtime
    /// Oldest date taken first (EXIF DateTimeOriginal, read from each file's first 64 KiB), the modification time for
    /// files that state none; equal times in natural order of the names.
    case taken
    /// Smallest file first; equal sizes in natural order of the names.
    case size

    /// The order after this one, as the order key cycles them: name, mtime, taken, size, then name again.
    public var next: PhotoSort {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The number `path` is ordered by before its name: nanoseconds since the epoch, or bytes (0 for a file that
    /// cannot be examined, and for every file by `name`, which examines none).
    func key(forPath path: String) -> Int {
        switch self {
        case .name: return 0
        case .mtime: return FileSystem.modificationTime(atPath: path) ?? 0
        case .taken: return ExifTakenDate.nanoseconds(atPath: path) ?? FileSystem.modificationTime(atPath: path) ?? 0
        case .size:
            var status = stat()
            guard PathBytes.withSystemPath(path, { stat($0, &status) }) == 0 else { return 0 }
            return Int(status.st_size)
        }
    }
}
