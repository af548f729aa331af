import Support

/// A photo's details (`PhotoDetails`: its EXIF, which a decoder process parses with libexif) as a fixed 320-byte record,
/// the answer to a `DecoderRequest.Kind.details` request: the viewer parses no EXIF of its own, and takes from the
/// record only numbers in range and texts of at most 64 bytes each.
///
/// Layout (little-endian): magic, the numbers present (bit 0 exposure, 1 f-number, 2 ISO, 3 focal length, 4 place,
/// 5 altitude), the exposure in seconds, f-number, focal length in mm, latitude and longitude (each a `Double`'s bits),
/// the ISO, the altitude in metres (a `Double`'s bits),
/// then taken, make, model and lens, 64 bytes of UTF-8 each (zero-padded).
public enum PhotoDetailsRecord {
    /// The record's size in bytes.
    public static let byteCount = 320
    /// The most bytes of each text.
    static let textCapacity = 64
    static let magic: UInt32 = 0x5444_4447  // "GDDT"

    /// `details`' record (the file size is the viewer's own, not sent); texts cut to 64 bytes.
    public static func encoded(_ details: PhotoDetails) -> [UInt8] {
        var wire = WireBytes(count: byteCount)
        wire.put(magic, at: 0)
        var present: UInt32 = 0
        func number(_ value: Double?, bit: UInt32, at offset: Int) {
            guard let value else { return }
            present |= 1 << bit
            wire.put(value.bitPattern, at: offset)
        }
        number(details.exposureSeconds, bit: 0, at: 8)
        number(details.fNumber, bit: 1, at: 16)
        number(details.focalLength, bit: 3, at: 24)
        if let location = details.location {
            number(location.latitude, bit: 4, at: 32)
            wire.put(location.longitude.bitPattern, at: 40)
        }
        number(details.altitude, bit: 5, at: 56)
        if let iso = details.iso {
            present |= 1 << 2
            wire.put(Int64(iso), at: 48)
        }
        wire.put(present, at: 4)
        for (index, text) in [details.taken, details.make, details.model, details.lens].enumerated() {
            wire.put(text ?? "", at: 64 + index * textCapacity, capacity: textCapacity)
        }
        return wire.bytes
    }

    /// The details in `bytes`, with `fileBytes`; nil when they are not a record. A number out of its range (NaN, an
    /// exposure of 1e300 s, a latitude of 91°) is left out, as a field the photo does not state.
    public static func decoded(_ bytes: [UInt8], fileBytes: Int?) -> PhotoDetails? {
        let wire = WireBytes(bytes)
        guard bytes.count == byteCount, wire.get(UInt32.self, at: 0) == magic else { return nil }
        let present = wire.get(UInt32.self, at: 4)
        func number(bit: UInt32, at offset: Int, in range: ClosedRange<Double>) -> Double? {
            guard present & 1 << bit != 0 else { return nil }
            let value = Double(bitPattern: wire.get(UInt64.self, at: offset))
            return range.contains(value) ? value : nil
        }
        func text(_ index: Int) -> String? {
            let text = wire.text(at: 64 + index * textCapacity, capacity: textCapacity)
            return text.isEmpty ? nil : text
        }
        var details = PhotoDetails(
            fileBytes: fileBytes, taken: text(0), make: text(1), model: text(2), lens: text(3),
            exposureSeconds: number(bit: 0, at: 8, in: 1e-9...1e6), fNumber: number(bit: 1, at: 16, in: 0.01...10_000),
            focalLength: number(bit: 3, at: 24, in: 0.01...100_000))
        if let latitude = number(bit: 4, at: 32, in: -90...90), let longitude = number(bit: 4, at: 40, in: -180...180) {
            details.location = (latitude, longitude)
            details.altitude = number(bit: 5, at: 56, in: -100_000...100_000)
        }
        let iso = wire.get(Int64.self, at: 48)
        if present & 1 << 2 != 0, (1...10_000_000).contains(iso) { details.iso = Int(iso) }
        return details
    }
}
