/// EXIF data made for the tests: a TIFF structure with the primary image's directory (Make, Model), the EXIF
/// directory (DateTimeOriginal, exposure, lens) and the GPS directory, as a camera writes them, in either byte order.
package struct ExifFixture: Sendable {
    package var taken: String?
    package var make: String?
    package var model: String?
    package var lens: String?
    /// Numerator and denominator.
    package var exposureTime: (UInt32, UInt32)?
    package var fNumber: (UInt32, UInt32)?
    package var iso: UInt16?
    package var focalLength: (UInt32, UInt32)?
    /// "N" or "S", and degrees, minutes, seconds as rationals.
    package var latitude: (reference: String, parts: [(UInt32, UInt32)])?
    /// "E" or "W", and degrees, minutes, seconds as rationals.
    package var longitude: (reference: String, parts: [(UInt32, UInt32)])?
    /// GPSAltitudeRef (0 above sea level, 1 below) and GPSAltitude in metres as a rational.
    package var altitude: (reference: UInt8, metres: (UInt32, UInt32))?
    package var littleEndian = false

    /// No fields but the date taken, if given.
    package init(taken: String? = nil, littleEndian: Bool = false) {
        self.taken = taken
        self.littleEndian = littleEndian
    }

    private struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var data: [UInt8]
    }

    /// The TIFF structure: header, the three directories, then their values.
    package var tiff: [UInt8] {
        func ascii(_ tag: UInt16, _ text: String?) -> Entry? {
            text.map { Entry(tag: tag, type: 2, count: UInt32($0.utf8.count + 1), data: Array($0.utf8) + [0]) }
        }
        func rational(_ tag: UInt16, _ values: [(UInt32, UInt32)]?) -> Entry? {
            values.map { Entry(tag: tag, type: 5, count: UInt32($0.count), data: $0.flatMap { u32($0.0) + u32($0.1) }) }
        }
        let exif = [
            rational(0x829A, exposureTime.map { [$0] }), rational(0x829D, fNumber.map { [$0] }),
            iso.map { Entry(tag: 0x8827, type: 3, count: 1, data: u16($0)) }, ascii(0x9003, taken),
            rational(0x920A, focalLength.map { [$0] }), ascii(0xA434, lens),
        ]
        .compactMap { $0 }
        let gps = [
            ascii(0x0001, latitude?.reference), rational(0x0002, latitude?.parts), ascii(0x0003, longitude?.reference),
            rational(0x0004, longitude?.parts),
            altitude.map { Entry(tag: 0x0005, type: 1, count: 1, data: [$0.reference]) },
            rational(0x0006, altitude.map { [$0.metres] }),
        ]
        .compactMap { $0 }
        var primary = [ascii(0x010F, make), ascii(0x0110, model)].compactMap { $0 }
        // Pointers to the other directories, filled once their places are known.
        primary.append(Entry(tag: 0x8769, type: 4, count: 1, data: [0, 0, 0, 0]))
        if !gps.isEmpty { primary.append(Entry(tag: 0x8825, type: 4, count: 1, data: [0, 0, 0, 0])) }
        let size = { (entries: [Entry]) in 2 + entries.count * 12 + 4 }
        let exifOffset = 8 + size(primary)
        let gpsOffset = exifOffset + size(exif)
        primary[primary.count - (gps.isEmpty ? 1 : 2)].data = u32(UInt32(exifOffset))
        if !gps.isEmpty { primary[primary.count - 1].data = u32(UInt32(gpsOffset)) }
        var values: [UInt8] = []
        let valuesOffset = gpsOffset + (gps.isEmpty ? 0 : size(gps))
        func directory(_ entries: [Entry]) -> [UInt8] {
            var bytes = u16(UInt16(entries.count))
            for entry in entries {
                bytes += u16(entry.tag) + u16(entry.type) + u32(entry.count)
                if entry.data.count <= 4 {
                    bytes += entry.data + [UInt8](repeating: 0, count: 4 - entry.data.count)
                } else {
                    bytes += u32(UInt32(valuesOffset + values.count))
                    values += entry.data + (entry.data.count.isMultiple(of: 2) ? [] : [0])
                }
            }
            return bytes + [0, 0, 0, 0]
        }
        let header = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
        let directories = directory(primary) + directory(exif) + (gps.isEmpty ? [] : directory(gps))
        return header + directories + values
    }

    /// An APP1 segment holding `tiff`, as a JPEG carries it.
    package var app1: [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// `jpeg` with `app1` after its start-of-image marker.
    package func inserted(into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg.prefix(2)) + app1 + jpeg.dropFirst(2)
    }

    private func u16(_ value: UInt16) -> [UInt8] {
        let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
        return littleEndian ? bytes.reversed() : bytes
    }

    private func u32(_ value: UInt32) -> [UInt8] {
        let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return littleEndian ? bytes.reversed() : bytes
    }
}
