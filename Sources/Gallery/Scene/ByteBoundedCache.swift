import GalleryCore

/// Values keyed by photo, each with a size in bytes, evicted least recently used first once their total passes
/// a budget; pinned pages are never evicted (so the total exceeds the budget only when the pinned pages alone do).
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

    /// Holds `value` for `page` as the most recently used, replacing what was there.
    mutating func insert(_ value: Value, bytes: Int, forPhoto page: PhotoID) {
        remove(page)
        clock += 1
        entries[page] = Entry(value: value, bytes: bytes, lastUse: clock)
        totalBytes += bytes
    }

    /// Marks `pages` used now, the first most recently.
    mutating func touch(_ pages: [PhotoID]) {
        for page in pages.reversed() where entries[page] != nil {
            clock += 1
            entries[page]?.lastUse = clock
        }
    }

    /// Drops `page`, returning its value.
    @discardableResult
    mutating func remove(_ page: PhotoID) -> Value? {
        guard let entry = entries.removeValue(forKey: page) else { return nil }
        totalBytes -= entry.bytes
        return entry.value
    }

    /// Evicts least recently used pages outside `pinned` until the total fits the budget; returns the evicted pages.
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

    /// The number of pages held.
    var count: Int { entries.count }
}
