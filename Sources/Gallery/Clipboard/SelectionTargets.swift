import Glibc

/// An offer's targets as the C clipboards take them: arrays of C strings, byte pointers (NULL: pending) and sizes,
/// alive for one call.
struct SelectionTargets {
    private let targets: [(name: String, bytes: [UInt8]?)]

    /// The targets `targets`, in order.
    init(_ targets: [(name: String, bytes: [UInt8]?)]) {
        self.targets = targets
    }

    /// Calls `body` with the names, the bytes and their sizes; the C side copies what it keeps.
    func withPointers<Result>(
        _ body: ([UnsafePointer<CChar>?], [UnsafePointer<UInt8>?], [Int]) -> Result
    ) -> Result {
        let names = targets.map { strdup($0.name) }
        defer { names.forEach { free($0) } }
        let copies: [UnsafeMutablePointer<UInt8>?] = targets.map { target in
            guard let bytes = target.bytes else { return nil }
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            copy.initialize(from: bytes, count: bytes.count)
            return copy
        }
        defer { copies.forEach { $0?.deallocate() } }
        return body(
            names.map { $0.map { UnsafePointer($0) } }, copies.map { $0.map { UnsafePointer($0) } },
            targets.map { $0.bytes?.count ?? 0 })
    }
}
