import CFormatDecoding
import ImageLoader
import Imaging

/// The TIFFs libtiff's RGBA interface, which SDL_image reads every TIFF through, refuses or shows wrongly, read from
/// libtiff's scanlines instead (`tiff_decode.c`): grey of 3 to 15 bits a sample (12-bit scans, refused), grey of 32-bit
/// integers (refused) or 16-bit signed ones (shown as unsigned: 32767 as mid grey), stretched from zero to the highest
/// value, as Pillow's reading of a 16-bit PGM kept in one is the PGM's, CMYK of 16 bits a sample (refused), and
/// L*a*b* (shown unadapted: white as cream). Strips only, with
/// the samples of a pixel together (a tiled or planar one of these stays refused). The header was checked against the
/// limits before this runs; libtiff's own allocations are bounded too.
package struct TIFFDecoder {
    /// The file's bytes.
    package let bytes: UnsafeRawBufferPointer

    /// A decoder of the TIFF in `bytes`.
    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// libtiff allocates at most this much at once for a decode: a strip of a large scan, never a bomb's claim.
    static let allocationLimit = 256 << 20

    /// The picture, upright as stored, when this file is one SDL_image's reading gets wrong; nil for every other TIFF.
    /// `stated` is the size the header check passed (libtiff must read the same), `accepts` whether a size is within
    /// the limits.
    package func decodeIfNeeded(
        stated: PixelSize?, accepts: (PixelSize) -> Bool
    ) throws(DecodeFailure.Reason) -> DecodedImage? {
        try FormatLibraries.require(.imageLoader)
        var facts = gallery_tiff_facts()
        var error = [CChar](repeating: 0, count: 512)
        // A directory libtiff cannot read is left to SDL_image, which says so in its own words.
        guard
            gallery_tiff_facts_of(bytes.baseAddress, bytes.count, Self.allocationLimit, &facts, &error, error.count)
                == 0,
            facts.kind != Int32(GALLERY_TIFF_NOT_OURS.rawValue)
        else { return nil }
        let size = PixelSize(width: Int(facts.width), height: Int(facts.height))
        guard accepts(size) else { throw .tooLarge(size) }
        // The decode's memory was reserved for the header's size: a directory stating its size twice (libtiff keeps
        // the first, the header check reads the last) is not decoded at another.
        guard size == stated else {
            throw .corrupt(format: "TIFF", detail: "libtiff reads a size other than the header's")
        }
        let pixels: PixelBuffer
        do { pixels = try PixelBuffer(width: size.width, height: size.height, format: .xrgb8888) } catch {
            throw .processingFailed(error.description)
        }
        let decoded = gallery_tiff_decode(
            bytes.baseAddress, bytes.count, facts.width, facts.height, pixels.storage.bytes, pixels.stride,
            Self.allocationLimit, &error, error.count)
        guard decoded == 0 else {
            let detail = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .corrupt(format: "TIFF", detail: "libtiff: " + detail)
        }
        return DecodedImage(pixels: pixels)
    }
}
