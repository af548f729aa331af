import CExif
import Support

/// Reads a photo's details for the information panel: the file's size, and its EXIF data parsed by libexif from the
/// file's first bytes (`ImageFile.headBytes`): a JPEG's APP1 segment, a PNG's `eXIf` chunk or a WebP's `EXIF` chunk
/// when they come that early, or the directories of a TIFF-based file (camera RAW). Off the main thread only: it
/// reads the file, through `PhotoFileAccess`.
package enum PhotoDetailsReader {
    /// The details of the file at `path`; nil when it cannot be opened.
    package static func read(path: String) -> PhotoDetails? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let head = file.read(at: 0, count: ImageFile.headBytes)
        var details = exifBlock(in: head).map { block in block.withUnsafeBytes { parse($0) } } ?? PhotoDetails()
        details.fileBytes = file.stamp.byteCount
        return details
    }

    /// What libexif is given: a JPEG as it is, else the EXIF structure behind the `Exif\0\0` header an APP1 segment
    /// has; nil when `head` holds none.
    package static func exifBlock(in head: [UInt8]) -> [UInt8]? {
        let header = Array("Exif".utf8) + [0, 0]
        if head.starts(with: [0xFF, 0xD8]) { return head }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return header + head
        }
        if let chunk = head.withUnsafeBytes({ PNGChunks(bytes: $0).first { $0.0 == "eXIf" }?.1 }), chunk.count >= 8 {
            return header + chunk
        }
        if let chunk = webPChunk("EXIF", in: head), chunk.count >= 8 {
            return chunk.starts(with: header) ? Array(chunk) : header + chunk
        }
        return nil
    }

    /// The data of a WebP file's first chunk of `type` lying wholly within `head`.
    package static func webPChunk(_ type: String, in head: [UInt8]) -> ArraySlice<UInt8>? {
        guard head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        var position = 12
        while position + 8 <= head.count {
            let size = head[position + 4..<position + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let data = position + 8
            guard size <= head.count - data else { return nil }
            if Array(head[position..<position + 4]) == Array(type.utf8) { return head[data..<data + size] }
            position = data + size + (size & 1)
        }
        return nil
    }

    /// The fields libexif finds in `bytes` (a JPEG, or `Exif\0\0` and a TIFF structure).
    package static func parse(_ bytes: UnsafeRawBufferPointer) -> PhotoDetails {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let count = UInt32(exactly: bytes.count),
            let data = exif_data_new()
        else { return PhotoDetails() }
        defer { exif_data_unref(data) }
        // As found: no mandatory tags added with made-up values (a DateTime of now).
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(data, base, count)
        let order = exif_data_get_byte_order(data)
        let (primary, exif, gps) = (data.pointee.ifd.0, data.pointee.ifd.2, data.pointee.ifd.3)
        func entry(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: UInt32) -> UnsafeMutablePointer<ExifEntry>? {
            guard let content, let entry = exif_content_get_entry(content, ExifTag(rawValue: tag)),
                entry.pointee.data != nil, entry.pointee.components > 0
            else { return nil }
            return entry
        }
        func text(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: UInt32) -> String? {
            guard let entry = entry(content, tag), entry.pointee.format == EXIF_FORMAT_ASCII else { return nil }
            let bytes = UnsafeBufferPointer(start: entry.pointee.data, count: Int(entry.pointee.size))
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? nil : text
        }
        func rationals(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: UInt32) -> [Double]? {
            guard let entry = entry(content, tag), entry.pointee.format == EXIF_FORMAT_RATIONAL,
                Int(entry.pointee.size) >= Int(entry.pointee.components) * 8
            else { return nil }
            return (0..<Int(entry.pointee.components)).map { index in
                let value = exif_get_rational(entry.pointee.data + index * 8, order)
                return value.denominator == 0 ? .nan : Double(value.numerator) / Double(value.denominator)
            }
        }
        func number(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: UInt32) -> Double? {
            rationals(content, tag)?.first.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }
        var details = PhotoDetails()
        details.taken = text(exif, 0x9003)
        details.make = text(primary, 0x010F)
        details.model = text(primary, 0x0110)
        details.lens = text(exif, 0xA434)
        details.exposureSeconds = number(exif, 0x829A)
        details.fNumber = number(exif, 0x829D)
        details.focalLength = number(exif, 0x920A)
        if let iso = entry(exif, 0x8827), iso.pointee.format == EXIF_FORMAT_SHORT {
            details.iso = Int(exif_get_short(iso.pointee.data, order))
        }
        // Degrees, minutes and seconds, each in its range (a zero denominator is NaN, refused), within `limit`; the
        // reference, when stated, one of the two letters.
        func degrees(_ tag: UInt32, reference: UInt32, _ letters: (positive: String, negative: String), limit: Double)
            -> Double?
        {
            guard let parts = rationals(gps, tag), parts.count == 3, (0...limit).contains(parts[0]),
                (0..<60).contains(parts[1]), (0..<60).contains(parts[2])
            else { return nil }
            let value = parts[0] + parts[1] / 60 + parts[2] / 3600
            guard value <= limit else { return nil }
            switch text(gps, reference)?.uppercased() {
            case nil, letters.positive?: return value
            case letters.negative?: return -value
            default: return nil
            }
        }
        if let latitude = degrees(0x0002, reference: 0x0001, ("N", "S"), limit: 90),
            let longitude = degrees(0x0004, reference: 0x0003, ("E", "W"), limit: 180)
        {
            details.location = (latitude, longitude)
            // Metres above sea level, or below it (GPSAltitudeRef 1); beyond Everest and the Mariana Trench, refused.
            if let metres = rationals(gps, 0x0006)?.first, (0...100_000).contains(metres) {
                let below = entry(gps, 0x0005).map { $0.pointee.format == EXIF_FORMAT_BYTE && $0.pointee.data[0] == 1 }
                details.altitude = below == true ? -metres : metres
            }
        }
        return details
    }
}
