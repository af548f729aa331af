import GalleryCore
import Support

/// Values keyed by photo, each with a size in bytes, evicted least recently used first once their total passes
/// a budget; pinned photos are never evicted (so the total exceeds the budget only when the pinned photos alone do).
struct ByteBoundedCache<Value> {
    /// The budget in bytes.
    let budgetBytes: Int
    private var entries = LRUCache<PhotoID, Value>()

    /// An empty cache with a budget of `budgetBytes`.
    init(budgetBytes: Int) {
        self.budgetBytes = max(budgetBytes, 0)
    }

    /// Bytes held.
    var totalBytes: Int { entries.totalBytes }

    /// The value for `photo`, if held (reading does not count as a use: `touch(_:)` does).
    subscript(photo: PhotoID) -> Value? { entries.peek(photo) }

    /// The photos held.
    var photos: Set<PhotoID> { entries.keys }

    /// Holds `value` for `photo` as the most recently used, replacing what was there.
    mutating func insert(_ value: Value, bytes: Int, forPhoto photo: PhotoID) {
        entries.insert(value, forKey: photo, bytes: bytes)
    }

    /// Marks `photos` used now, the first most recently.
    mutating func touch(_ photos: [PhotoID]) {
        entries.touch(photos)
    }

    /// Drops `photo`, returning its value.
    @discardableResult
    mutating func remove(_ photo: PhotoID) -> Value? {
        entries.removeValue(forKey: photo)
    }

    /// Evicts least recently used photos outside `pinned` until the total fits the budget; returns the evicted photos.
    @discardableResult
    mutating func evict(keeping pinned: Set<PhotoID>) -> [PhotoID] {
        entries.evict(toBytes: budgetBytes, keeping: pinned.contains)
    }

    /// Drops everything.
    mutating func removeAll() {
        entries.removeAll()
    }

    /// The number of photos held.
    var count: Int { entries.count }
}
