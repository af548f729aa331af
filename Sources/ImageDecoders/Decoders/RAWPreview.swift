import CLibRaw
import ImageLoader
import Imaging

/// A camera RAW file's embedded JPEG preview, read with LibRaw (thread-safe build) from bytes already read through
/// `ImageFile`: what fast culling tools show. The RAW data itself is never developed.
package struct RAWPreview {
    /// The preview's JPEG bytes, decoded by the JPEG path (its own header guard and budget included).
    package var jpeg: [UInt8]
    /// How the preview is turned upright: the RAW's own flip, not any EXIF tag inside the preview.
    package var orientation: ExifOrientation

    /// The largest preview LibRaw may copy out: far beyond any camera's full-size preview.
    package static let maximumBytes = 64 << 20

    /// Reads the preview of the RAW file in `bytes`, or throws why there is none to show.
    package init(bytes: UnsafeRawBufferPointer) throws(DecodeFailure.Reason) {
        try FormatLibraries.require(.raw)
        guard let raw = libraw_init(0) else { throw .processingFailed("LibRaw: no memory") }
        defer { libraw_close(raw) }
        // libraw_open_buffer takes a mutable pointer but only reads the buffer.
        guard libraw_open_buffer(raw, UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) == 0 else {
            throw .corrupt(format: "camera RAW", detail: "LibRaw cannot read it")
        }
        // The preview's length is known once the file is parsed; its format only after unpacking.
        guard Int(raw.pointee.thumbnail.tlength) <= min(Self.maximumBytes, bytes.count) else {
            throw .corrupt(format: "camera RAW", detail: "the preview's stated length exceeds the file")
        }
        let status = libraw_unpack_thumb(raw)
        let thumbnail = raw.pointee.thumbnail
        guard status == 0, let start = thumbnail.thumb, thumbnail.tlength > 0 else {
            throw .corrupt(format: "camera RAW", detail: "no embedded preview")
        }
        guard thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG else {
            throw .corrupt(format: "camera RAW", detail: "no JPEG preview (only JPEG previews are shown)")
        }
        jpeg = Array(UnsafeRawBufferPointer(start: start, count: Int(thumbnail.tlength)))
        orientation = Self.orientation(flip: raw.pointee.sizes.flip)
    }

    /// LibRaw's flip as the transform that makes the preview upright. The flip is dcraw's: bit 4 swaps the axes, bit 2
    /// flips the rows, bit 1 the columns; LibRaw makes it from a TIFF orientation o as `"50132467"[o & 7]` (dcraw's
    /// parse_tiff_ifd, tag 274), and this is that table read backwards, mirrored flips included.
    package static func orientation(flip: Int32) -> ExifOrientation {
        switch flip {
        case 1: .mirrored
        case 2: .mirroredUpsideDown
        case 3: .upsideDown
        case 4: .transposed
        case 5: .rotatedAnticlockwise
        case 6: .rotatedClockwise
        case 7: .transversed
        default: .up
        }
    }
}
