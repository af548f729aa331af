/// Fixed-layout little-endian fields of the decoder messages: written into and read from a byte array by offset.
struct WireBytes {
    /// The message's bytes.
    private(set) var bytes: [UInt8]

    /// `count` zero bytes to write fields into.
    init(count: Int) { bytes = [UInt8](repeating: 0, count: count) }

    /// Bytes received, to read fields from.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Writes `value` at `offset`, least significant byte first.
    mutating func put<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for index in 0..<raw.count { bytes[offset + index] = raw[index] }
        }
    }

    /// The `Value` at `offset` (zero where the message is too short).
    func get<Value: FixedWidthInteger>(_: Value.Type, at offset: Int) -> Value {
        let size = MemoryLayout<Value>.size
        guard offset >= 0, offset + size <= bytes.count else { return 0 }
        var value: Value = 0
        for index in (0..<size).reversed() { value = value << 8 | Value(truncatingIfNeeded: bytes[offset + index]) }
        return value
    }

    /// Writes up to `capacity` bytes of `text`'s UTF-8 at `offset`, the rest zero.
    mutating func put(_ text: String, at offset: Int, capacity: Int) {
        for (index, byte) in text.utf8.prefix(capacity).enumerated() { bytes[offset + index] = byte }
    }

    /// The text at `offset`, up to its first zero byte or `capacity` bytes.
    func text(at offset: Int, capacity: Int) -> String {
        guard offset >= 0, offset + capacity <= bytes.count else { return "" }
        let field = bytes[offset..<(offset + capacity)]
        return String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }
}
