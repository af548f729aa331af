/// Reads the decimal numbers of a PNM header after its `Pn` magic (width, height and, for P2…P6, maxval), with
/// whitespace and `#` comments between them, for the header's size check and the 16-bit decoder alike.
package enum PNMHeaderNumbers {
    /// The first `count` numbers, each capped at `Int32.max`, and the index just past the last one's digits; nil when
    /// another byte comes first or fewer than `count` numbers start before `limit`.
    package static func read<Bytes: RandomAccessCollection>(_ count: Int, from bytes: Bytes, limit: Int = .max)
        -> (numbers: [Int], end: Int)?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var numbers: [Int] = []
        var index = bytes.startIndex + 2
        while numbers.count < count, index < min(bytes.endIndex, limit) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if digits.contains(byte) {
                var value = 0
                while index < bytes.endIndex, digits.contains(bytes[index]) {
                    value = min(value * 10 + Int(bytes[index] - UInt8(ascii: "0")), Int(Int32.max))
                    index += 1
                }
                numbers.append(value)
                continue
            } else if ![0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(byte) {
                return nil
            }
            index += 1
        }
        return numbers.count == count ? (numbers, index) : nil
    }
}
