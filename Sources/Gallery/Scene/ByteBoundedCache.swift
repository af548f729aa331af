import GalleryCore

/// Values keyed by photo, each with a size in bytes, evicted least recently used first once their total passes
/// a budget; pinned photos are never evicted (so the total exceeds the budget only when the pinned photos alone do).
struct ByteBoundedCache<Value> {
    private struct Entry {
        var value: Value
        var bytes: Int
        var lastUse: Int
    }

    /// The budget in bytes.
    let budgetBytes: Int
    private var entries: [PhotoID: Entry] = [:]
    private var clock = 0
    /// Bytes held.
    private(set) var totalBytes = 0

    /// An empty cache with a budget of `budgetBytes`.
    init(budgetBytes: Int) {
        self.budgetBytes = max(budgetBytes, 0)
    }

    /// The value for `photo`, if held.
    subscript(photo: PhotoID) -> Value? { entries[photo]?.value }

    /// The photos held.
    var photos: Set<PhotoID> { Set(entries.keys) }

    /// Holds `value` for `photo` as the most recently used, replacing what was there.
    mutating func insert(_ value: Value, bytes: Int, forPhoto photo: PhotoID) {
        remove(photo)
        clock += 1
        entries[photo] = Entry(value: value, bytes: bytes, lastUse: clock)
        totalBytes += bytes
    }

    /// Marks `photos` used now, the first most recently.
    mutating func touch(_ photos: [PhotoID]) {
        for photo in photos.reversed() where entries[photo] != nil {
            clock += 1
            entries[photo]?.lastUse = clock
        }
    }

    /// Drops `photo`, returning its value.
    @discardableResult
    mutating func remove(_ photo: PhotoID) -> Value? {
        guard let entry = entries.removeValue(forKey: photo) else { return nil }
        totalBytes -= entry.bytes
        return entry.value
    }

    /// Evicts least recently used photos outside `pinned` until the total fits the budget; returns the evicted photos.
    @discardableResult
    mutating func evict(keeping pinned: Set<PhotoID>) -> [PhotoID] {
        guard totalBytes > budgetBytes else { return [] }
        var evicted: [PhotoID] = []
        for (page, _) in entries.filter({ !pinned.contains($0.key) }).sorted(by: { $0.value.lastUse < $1.value.lastUse }
        ) {
            guard totalBytes > budgetBytes else { break }
            remove(page)
            evicted.append(page)
        }
        return evicted
    }

    /// Drops everything.
    mutating func removeAll() {
        entries.removeAll()
        totalBytes = 0
    }

    /// The number of photos held.
    var count: Int { entries.count }
}
