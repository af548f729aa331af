import GalleryCore
import Support
import Testing

@Suite("Least recently used cache")
struct LRUCacheTests {
    /// One step on a cache of letters, each value its key's lower case.
    enum Step: Sendable, CustomStringConvertible {
        case insert(String, bytes: Int)
        case read(String)
        case peek(String)
        case touch([String])
        case remove(String)
        case evictToBytes(Int, keeping: Set<String>)
        case evictToCount(Int, keeping: Set<String>)

        var description: String {
            switch self {
            case .insert(let key, let bytes): "insert \(key) (\(bytes) B)"
            case .read(let key): "read \(key)"
            case .peek(let key): "peek \(key)"
            case .touch(let keys): "touch \(keys)"
            case .remove(let key): "remove \(key)"
            case .evictToBytes(let budget, let kept): "evict to \(budget) B keeping \(kept.sorted())"
            case .evictToCount(let limit, let kept): "evict to \(limit) keeping \(kept.sorted())"
            }
        }
    }

    /// Steps, then the keys from least to most recently used, everything evicted in order, and the bytes held.
    struct Case: Sendable, CustomStringConvertible {
        var steps: [Step]
        var byAge: [String]
        var evicted: [String] = []
        var bytes: Int

        var description: String { steps.map(\.description).joined(separator: ", ") }
    }

    static let abc: [Step] = [.insert("A", bytes: 10), .insert("B", bytes: 20), .insert("C", bytes: 30)]

    @Test(
        "Order of use, eviction and the bytes held",
        arguments: [
            // Insertion order is the order of use.
            Case(steps: abc, byAge: ["A", "B", "C"], bytes: 60),
            // Eviction order: the least recently used go first, until the bound holds.
            Case(steps: abc + [.evictToCount(1, keeping: [])], byAge: ["C"], evicted: ["A", "B"], bytes: 30),
            Case(steps: abc + [.evictToBytes(35, keeping: [])], byAge: ["C"], evicted: ["A", "B"], bytes: 30),
            // Byte bound: stops as soon as it holds, however many are left.
            Case(steps: abc + [.evictToBytes(50, keeping: [])], byAge: ["B", "C"], evicted: ["A"], bytes: 50),
            Case(steps: abc + [.evictToBytes(60, keeping: [])], byAge: ["A", "B", "C"], bytes: 60),
            Case(steps: abc + [.evictToBytes(0, keeping: [])], byAge: [], evicted: ["A", "B", "C"], bytes: 0),
            // Touch on read: a read key is the most recently used and goes last.
            Case(
                steps: abc + [.read("A"), .evictToCount(1, keeping: [])], byAge: ["A"], evicted: ["B", "C"], bytes: 10
            ),
            Case(steps: abc + [.read("B")], byAge: ["A", "C", "B"], bytes: 60),
            Case(steps: abc + [.read("C"), .read("A"), .read("B")], byAge: ["C", "A", "B"], bytes: 60),
            Case(steps: abc + [.read("A"), .remove("C"), .insert("D", bytes: 1)], byAge: ["B", "A", "D"], bytes: 31),
            // A peek does not touch.
            Case(
                steps: abc + [.peek("A"), .evictToCount(2, keeping: [])], byAge: ["B", "C"], evicted: ["A"], bytes: 50
            ),
            // Touching several: the first most recently; keys not held are skipped.
            Case(steps: abc + [.touch(["A", "Z", "B"])], byAge: ["C", "B", "A"], bytes: 60),
            // Replacing a value moves it to the newest and counts its new size only.
            Case(steps: abc + [.insert("A", bytes: 5)], byAge: ["B", "C", "A"], bytes: 55),
            // Removal: from the oldest, the middle, the newest; the rest keep their order.
            Case(steps: abc + [.remove("A")], byAge: ["B", "C"], bytes: 50),
            Case(steps: abc + [.remove("B")], byAge: ["A", "C"], bytes: 40),
            Case(steps: abc + [.remove("C"), .insert("D", bytes: 1)], byAge: ["A", "B", "D"], bytes: 31),
            Case(steps: abc + [.remove("Z")], byAge: ["A", "B", "C"], bytes: 60),
            // Kept keys are skipped, even over the bound.
            Case(steps: abc + [.evictToBytes(0, keeping: ["B"])], byAge: ["B"], evicted: ["A", "C"], bytes: 20),
            Case(steps: abc + [.evictToCount(1, keeping: ["A"])], byAge: ["A"], evicted: ["B", "C"], bytes: 10),
        ])
    func orderAndEviction(_ example: Case) {
        var cache = LRUCache<String, String>()
        var evicted: [String] = []
        for step in example.steps {
            switch step {
            case .insert(let key, let bytes): cache.insert(key.lowercased(), forKey: key, bytes: bytes)
            case .read(let key): #expect(cache.value(forKey: key) == key.lowercased())
            case .peek(let key): #expect(cache.peek(key) == key.lowercased())
            case .touch(let keys): cache.touch(keys)
            case .remove(let key):
                let held = cache.contains(key)
                #expect(cache.removeValue(forKey: key) == (held ? key.lowercased() : nil))
            case .evictToBytes(let budget, let kept): evicted += cache.evict(toBytes: budget, keeping: kept.contains)
            case .evictToCount(let limit, let kept): evicted += cache.evict(toCount: limit, keeping: kept.contains)
            }
        }
        #expect(cache.keysByAge == example.byAge)
        #expect(evicted == example.evicted)
        #expect(cache.totalBytes == example.bytes)
        #expect(cache.count == example.byAge.count)
        #expect(cache.keys == Set(example.byAge))
    }
}
