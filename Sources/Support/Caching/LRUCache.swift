/// Values by key in order of use, each with a size in bytes: the least recently used is evicted first. Inserting,
/// `value(forKey:)` and `touch(_:)` make a key the most recently used; `peek(_:)` does not. Nothing is evicted on its
/// own: the owner bounds the cache by bytes (`evict(toBytes:keeping:)`), by count (`evict(toCount:keeping:)`), or
/// both. A doubly linked list threaded through one dictionary: every step is O(1), an eviction O(evicted + skipped).
public struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var value: Value
        var bytes: Int
        /// The next more recently used key.
        var newer: Key?
        /// The next less recently used key.
        var older: Key?
    }

    private var nodes: [Key: Node] = [:]
    /// The most recently used key.
    private var newest: Key?
    /// The least recently used key.
    private var oldest: Key?
    /// Bytes held.
    public private(set) var totalBytes = 0

    /// An empty cache.
    public init() {}

    /// The number of values held.
    public var count: Int { nodes.count }

    /// Whether nothing is held.
    public var isEmpty: Bool { nodes.isEmpty }

    /// The keys held, in no particular order.
    public var keys: Set<Key> { Set(nodes.keys) }

    /// Whether `key` is held.
    public func contains(_ key: Key) -> Bool { nodes[key] != nil }

    /// The value for `key` without marking it used.
    public func peek(_ key: Key) -> Value? { nodes[key]?.value }

    /// The value for `key`, marked as the most recently used.
    public mutating func value(forKey key: Key) -> Value? {
        guard let value = nodes[key]?.value else { return nil }
        moveToNewest(key)
        return value
    }

    /// Holds `value` for `key` as the most recently used, replacing what was there.
    public mutating func insert(_ value: Value, forKey key: Key, bytes: Int = 0) {
        removeValue(forKey: key)
        nodes[key] = Node(value: value, bytes: bytes, newer: nil, older: newest)
        if let newest { nodes[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        totalBytes += bytes
    }

    /// Marks `keys` used now, the first most recently; keys not held are skipped.
    public mutating func touch(_ keys: some BidirectionalCollection<Key>) {
        for key in keys.reversed() where nodes[key] != nil { moveToNewest(key) }
    }

    /// Drops `key`, returning its value.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let node = nodes.removeValue(forKey: key) else { return nil }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        totalBytes -= node.bytes
        return node.value
    }

    /// Drops everything.
    public mutating func removeAll() {
        nodes.removeAll()
        newest = nil
        oldest = nil
        totalBytes = 0
    }

    /// The keys from the least recently used to the most.
    public var keysByAge: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(nodes.count)
        var key = oldest
        while let current = key {
            keys.append(current)
            key = nodes[current]?.newer
        }
        return keys
    }

    /// Evicts the least recently used keys `keeping` does not keep until at most `budget` bytes are held (or only kept
    /// keys remain); returns the evicted keys, the least recently used first.
    @discardableResult
    public mutating func evict(toBytes budget: Int, keeping: (Key) -> Bool = { _ in false }) -> [Key] {
        evict(while: { $0.totalBytes > budget }, keeping: keeping)
    }

    /// Evicts the least recently used keys `keeping` does not keep until at most `limit` are held (or only kept keys
    /// remain); returns the evicted keys, the least recently used first.
    @discardableResult
    public mutating func evict(toCount limit: Int, keeping: (Key) -> Bool = { _ in false }) -> [Key] {
        evict(while: { $0.count > limit }, keeping: keeping)
    }

    private mutating func evict(while over: (Self) -> Bool, keeping: (Key) -> Bool) -> [Key] {
        var evicted: [Key] = []
        var key = oldest
        while over(self), let current = key {
            key = nodes[current]?.newer
            guard !keeping(current) else { continue }
            removeValue(forKey: current)
            evicted.append(current)
        }
        return evicted
    }

    /// Relinks `key` at the newest end in place (no removal and insertion: this runs on every read).
    private mutating func moveToNewest(_ key: Key) {
        guard newest != key, let node = nodes[key] else { return }
        // Not the newest, so a newer key exists.
        if let newer = node.newer { nodes[newer]?.older = node.older }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        nodes[key]?.newer = nil
        nodes[key]?.older = newest
        if let newest { nodes[newest]?.newer = key }
        newest = key
    }
}
