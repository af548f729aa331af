/// How many times decoders crashed on each file (by `FileKey`, so a changed file starts again at none): a photo a
/// decoder crashed on is tried once more, and after a second crash it is refused at once.
struct CrashCounts {
    /// The crashes counted for each file that had one.
    private var counts: [FileKey: Int] = [:]

    /// Whether the file with `key` is refused: decoders crashed on it twice.
    func refuses(_ key: FileKey) -> Bool { counts[key, default: 0] >= 2 }

    /// Counts a crash on the file with `key`; whether it is now refused.
    mutating func record(_ key: FileKey) -> Bool {
        counts[key, default: 0] += 1
        return refuses(key)
    }
}
