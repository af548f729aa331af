import CExif

/// How a photo's stored pixels must be turned to stand upright: the eight values of the EXIF Orientation tag.
///
/// Each case names the transform that brings the stored image upright. Read with libexif from JPEG files and PNG's
/// `eXIf` chunk; applied once,
/// on the decode thread, before the picture is fitted and scaled.
enum ExifOrientation: Int, Sendable, CaseIterable {
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
    var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of an image stored at `size`.
    func upright(_ size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// The stored pixel shown at upright position (`x`, `y`), for a stored image of `width` × `height`.
    func storedPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
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
    static func read(jpeg bytes: UnsafeRawBufferPointer) -> ExifOrientation {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let count = UInt32(exactly: bytes.count),
            let data = exif_data_new_from_data(base, count)
        else { return .up }
        defer { exif_data_unref(data) }
        // The tag belongs to IFD0, the primary image's directory.
        guard let directory = data.pointee.ifd.0,
            let entry = exif_content_get_entry(directory, EXIF_TAG_ORIENTATION),
            entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
            let value = entry.pointee.data
        else { return .up }
        return ExifOrientation(rawValue: Int(exif_get_short(value, exif_data_get_byte_order(data)))) ?? .up
    }

    /// The orientation a PNG file's `eXIf` chunk states (`.up` without one). The chunk holds the TIFF structure alone;
    /// libexif is given it behind the `Exif\0\0` header a JPEG's APP1 segment has.
    static func read(png bytes: UnsafeRawBufferPointer) -> ExifOrientation {
        guard let exif = PNGChunks(bytes: bytes).first(where: { $0.0 == "eXIf" })?.1, exif.count >= 8 else {
            return .up
        }
        let data = Array("Exif\0\0".utf8) + exif
        return data.withUnsafeBytes { read(jpeg: $0) }
    }
}
