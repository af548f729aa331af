import Glibc
import Support

/// The order a folder's photos are shown in (`--sort`).
public enum PhotoSort: String, CaseIterable, Sendable {
    /// Natural order of the file names ("photo2" before "photo10", case ignored).
    case name
    /// Oldest modification time first; equal times in natural order of the names.
    case mtime
    /// Oldest date taken first (EXIF DateTimeOriginal, read from each file's first 64 KiB by decoder processes:
    /// `takenDateReader`), the modification time for files that state none; equal times in natural order of the names.
    case taken
    /// Smallest file first; equal sizes in natural order of the names.
    case size
    /// A random order, the same for every listing of one run (`shuffleSeed`), so `r` keeps it.
    case shuffle

    /// The shuffle's seed for this run: `GALLERY_SHUFFLE_SEED` when it is a decimal number up to 2⁶⁴ − 1 (tests,
    /// replaying an order), else the wall clock's nanoseconds.
    public static let shuffleSeed: UInt64 = shuffleSeed(
        environmentValue: getenv("GALLERY_SHUFFLE_SEED").map {
            String(cString: $0)
        })

    /// The seed `value` (the environment variable's text, if set) gives: its number, else the wall clock's.
    static func shuffleSeed(environmentValue value: String?) -> UInt64 {
        if let value, value.utf8.count <= 20, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seed = UInt64(value)
        {
            return seed
        }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(truncatingIfNeeded: now.tv_sec) &* 1_000_000_007 &+ UInt64(truncatingIfNeeded: now.tv_nsec)
    }

    /// Reads the camera clock's seconds each photo of a list was taken at (`ExifTakenDate`), nil for none: the app
    /// installs decoder processes' reading (the viewer parses no photo's bytes). With none installed every photo
    /// counts by its modification time.
    package static let takenDateReader = LockedState<(@Sendable ([String]) -> [Int?])?>(nil)

    /// The `taken` order's keys of `paths`: each one's date taken (`takenDateReader`, asked once for all), else its
    /// modification time, in nanoseconds since the epoch.
    static func takenKeys(forPaths paths: [String]) -> [Int] {
        let reader = takenDateReader.withLock { $0 }
        let dates = reader?(paths) ?? []
        return paths.indices.map { index in
            let date = index < dates.count ? dates[index] : nil
            return date.map(Self.nanoseconds(cameraSeconds:)) ?? FileSystem.modificationTime(atPath: paths[index]) ?? 0
        }
    }

    /// The moment the camera clock's `seconds` name, its time read in the local time zone, in nanoseconds since the
    /// epoch; beyond what nanoseconds hold (after 2262, before 1677) the farthest moment in that direction, so the
    /// order stays.
    static func nanoseconds(cameraSeconds clock: Int) -> Int {
        // The local zone's offset at that time (not today's: summer and winter differ).
        var moment = time_t(clock)
        var parts = tm()
        let offset = localtime_r(&moment, &parts) == nil ? 0 : Int(parts.tm_gmtoff)
        let (universal, early) = clock.subtractingReportingOverflow(offset)
        let (nanoseconds, overflow) = universal.multipliedReportingOverflow(by: 1_000_000_000)
        guard !early, !overflow else { return clock < 0 ? Int.min : Int.max }
        return nanoseconds
    }

    /// The order after this one, as the order key cycles them: name, mtime, taken, size, shuffle, then name again.
    public var next: PhotoSort {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The number `path` is ordered by before its name: nanoseconds since the epoch, or bytes (0 for a file that
    /// cannot be examined, and for every file by `name` and `shuffle`, which examine none).
    func key(forPath path: String) -> Int {
        switch self {
        case .name, .shuffle: return 0
        case .mtime: return FileSystem.modificationTime(atPath: path) ?? 0
        case .taken: return Self.takenKeys(forPaths: [path])[0]
        case .size:
            var status = stat()
            guard PathBytes.withSystemPath(path, { stat($0, &status) }) == 0 else { return 0 }
            return Int(status.st_size)
        }
    }
}
