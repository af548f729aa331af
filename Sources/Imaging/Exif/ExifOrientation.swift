import CExif
import Support

/// How a photo's stored pixels must be turned to stand upright: the eight values of the EXIF Orientation tag.
///
/// Each case names the transform that brings the stored image upright. Read with libexif from JPEG files, PNG's
/// `eXIf` chunk (else the XMP packet's `tiff:Orientation`) and WebP's `EXIF` chunk; applied once,
/// on the decode thread, before the picture is fitted and scaled.
package enum ExifOrientation: Int, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirror left–right.
    case mirrored = 2
    /// Rotate 180°.
    case upsideDown = 3
    /// Mirror top–bottom.
    case mirroredUpsideDown = 4
    /// Swap rows and columns (mirror along the main diagonal).
    case transposed = 5
    /// Rotate 90° clockwise.
    case rotatedClockwise = 6
    /// Swap along the anti-diagonal.
    case transversed = 7
    /// Rotate 90° anticlockwise.
    case rotatedAnticlockwise = 8

    /// Whether width and height trade places when the image is turned upright.
    package var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of an image stored at `size`.
    package func upright(_ size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// The stored pixel shown at upright position (`x`, `y`), for a stored image of `width` × `height`.
    package func storedPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .mirrored: (width - 1 - x, y)
        case .upsideDown: (width - 1 - x, height - 1 - y)
        case .mirroredUpsideDown: (x, height - 1 - y)
        case .transposed: (y, x)
        case .rotatedClockwise: (y, height - 1 - x)
        case .transversed: (width - 1 - y, height - 1 - x)
        case .rotatedAnticlockwise: (width - 1 - y, x)
        }
    }

    /// The orientation the EXIF data of a JPEG file states (`.up` when it states none or a value out of range).
    package static func read(jpeg bytes: UnsafeRawBufferPointer) -> ExifOrientation {
        stated(jpeg: bytes) ?? .up
    }

    /// The orientation the EXIF data of a JPEG file states, or nil when it states none or a value out of range.
    private static func stated(jpeg bytes: UnsafeRawBufferPointer) -> ExifOrientation? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let count = UInt32(exactly: bytes.count),
            let data = exif_data_new_from_data(base, count)
        else { return nil }
        defer { exif_data_unref(data) }
        // The tag belongs to IFD0, the primary image's directory.
        guard let directory = data.pointee.ifd.0,
            let entry = exif_content_get_entry(directory, EXIF_TAG_ORIENTATION),
            entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
            let value = entry.pointee.data
        else { return nil }
        return ExifOrientation(rawValue: Int(exif_get_short(value, exif_data_get_byte_order(data))))
    }

    /// The orientation a PNG file's `eXIf` chunk states; without one (or without the tag in it), the `tiff:Orientation`
    /// of its XMP packet (an uncompressed `iTXt` chunk keyed `XML:com.adobe.xmp`); `.up` without either. The `eXIf`
    /// chunk holds the TIFF structure alone; libexif is given it behind the `Exif\0\0` header a JPEG's APP1 segment
    /// has.
    package static func read(png bytes: UnsafeRawBufferPointer) -> ExifOrientation {
        var xmp: ExifOrientation?
        for (type, data) in PNGChunks(bytes: bytes) {
            if type == "eXIf", data.count >= 8 {
                let exif = Array("Exif\0\0".utf8) + data
                if let stated = exif.withUnsafeBytes({ stated(jpeg: $0) }) { return stated }
            } else if type == "iTXt", xmp == nil {
                xmp = read(xmpChunk: Array(data))
            }
        }
        return xmp ?? .up
    }

    /// The `tiff:Orientation` of an `iTXt` chunk's data when it is an uncompressed XMP packet: keyword, a zero, the
    /// compression flag and method, language tag and translated keyword (each ended by a zero), then the UTF-8 text.
    package static func read(xmpChunk data: [UInt8]) -> ExifOrientation? {
        let keyword = Array("XML:com.adobe.xmp\0".utf8)
        guard data.starts(with: keyword), data.count > keyword.count + 2, data[keyword.count] == 0,
            let language = data[(keyword.count + 2)...].firstIndex(of: 0),
            let translated = data[(language + 1)...].firstIndex(of: 0)
        else { return nil }
        return read(xmp: data[(translated + 1)...])
    }

    /// The orientation an XMP packet states as TIFF tag 274 (XMP specification part 2: the `tiff:` namespace), in the
    /// attribute form `tiff:Orientation="6"` or the element form `<tiff:Orientation>6</tiff:Orientation>`; nil without
    /// one or with a value out of range.
    package static func read(xmp text: ArraySlice<UInt8>) -> ExifOrientation? {
        let name = Array("tiff:Orientation".utf8)
        var index = text.startIndex
        while let start = text[index...].firstIndex(of: name[0]) {
            index = start + 1
            guard text[start...].starts(with: name) else { continue }
            var position = start + name.count
            // `="6"`, `='6'` (spaces allowed around `=`) or `>6<`.
            func skipSpaces() {
                while position < text.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(text[position]) { position += 1 }
            }
            skipSpaces()
            guard position < text.endIndex else { return nil }
            if text[position] == UInt8(ascii: "=") {
                position += 1
                skipSpaces()
                guard position < text.endIndex, [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(text[position]) else {
                    continue
                }
            } else if text[position] != UInt8(ascii: ">") {
                continue
            }
            position += 1
            skipSpaces()
            guard position + 1 < text.endIndex, (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(text[position]),
                !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[position + 1])
            else { return nil }
            return ExifOrientation(rawValue: Int(text[position] - UInt8(ascii: "0")))
        }
        return nil
    }
}
