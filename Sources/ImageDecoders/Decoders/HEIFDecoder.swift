import CFormatDecoding
import CHeif
import Glibc
import ImageLoader
import Imaging

/// Decodes HEIF/HEIC and AVIF files with libheif, from bytes already read through `ImageFile`.
///
/// The primary image is decoded with its transformations (`irot`, `imir`, `clap`) applied by libheif, once: no EXIF
/// orientation is applied after them (HEIF writers set EXIF orientation to match, and libheif's result is already
/// upright). Grids are assembled by libheif; 10- and 12-bit images are converted to 8 bits. When the file carries a
/// thumbnail at least as large as the size the picture is drawn at, the thumbnail is decoded instead. HEVC and AV1 are
/// decoded by this package's libheif plugins (`CFormatDecoding`: libde265 and dav1d on every core; libheif 1.15's own
/// libde265 plugin decodes on one thread). libheif 1.15 has no scaled decode, and converts every picture to RGB before
/// anything else (even one asked for in Y′CbCr): an opaque 8-bit picture drawn at half its size or less is handed to
/// libheif by the plugin already reduced by a whole factor (`PictureReduction`), and the caller scales the result the
/// rest of the way. Grid tiles decode on every core. `preview(fitting:accepts:)` shows the embedded thumbnail while the
/// primary image decodes.
/// Safe on any thread (one libheif context per decode).
package struct HEIFDecoder {
    /// The file's bytes; libheif reads them in place, so they outlive the decoder.
    package let bytes: UnsafeRawBufferPointer
    /// The largest side libheif may decode (its own security limit, beside the header guard's).
    package let maximumSide: Int

    /// A decoder of the HEIF or AVIF file in `bytes`, refusing images over `maximumSide` pixels a side.
    package init(bytes: UnsafeRawBufferPointer, maximumSide: Int) {
        self.bytes = bytes
        self.maximumSide = maximumSide
    }

    /// The primary image upright, or its thumbnail when that covers the primary image fitted inside `box` (nil: never,
    /// as for a zoomed region). `accepts` checks the primary image's stated size before anything is decoded.
    package func decode(fitting box: PixelSize?, accepts: (PixelSize) -> Bool) throws(DecodeFailure.Reason)
        -> DecodedImage
    {
        try decodeWithColour(fitting: box, accepts: accepts).image
    }

    /// `decode(fitting:accepts:)`'s picture with the colour its primary image states (`colr`: an ICC profile, or
    /// `nclx` primaries and transfer; nil when sRGB or unstated).
    package func decodeWithColour(
        fitting box: PixelSize?, accepts: (PixelSize) -> Bool
    ) throws(DecodeFailure.Reason) -> (image: DecodedImage, colour: EmbeddedColour?) {
        try withPrimary(accepts: accepts) { primary, upright throws(DecodeFailure.Reason) in
            let colour = Self.colour(of: primary)
            guard let box, upright.width > 0, upright.height > 0 else { return (try decode(primary), colour) }
            let fitted = upright.fitted(inside: box)
            if let thumbnail = Self.thumbnail(of: primary, covering: fitted) {
                defer { heif_image_handle_release(thumbnail) }
                if let image = try? decode(thumbnail) { return (image, colour) }
            }
            return (try decode(primary, covering: fitted), colour)
        }
    }

    /// The primary image's largest embedded thumbnail, upright and scaled to the primary image's upright size fitted
    /// inside `box`, with the primary image's colour: what to show while the primary image decodes. Nil when the
    /// primary image has no thumbnail, or has one that covers that size (the full decode takes that one, at once).
    package func preview(
        fitting box: PixelSize, accepts: (PixelSize) -> Bool
    ) throws(DecodeFailure.Reason) -> (image: DecodedImage, colour: EmbeddedColour?)? {
        try withPrimary(accepts: accepts) {
            primary, upright throws(DecodeFailure.Reason) -> (image: DecodedImage, colour: EmbeddedColour?)? in
            guard upright.width > 0, upright.height > 0 else { return nil }
            let fitted = upright.fitted(inside: box)
            guard Self.thumbnail(of: primary, covering: fitted).map({ heif_image_handle_release($0) }) == nil,
                let thumbnail = Self.largestThumbnail(of: primary)
            else { return nil }
            defer { heif_image_handle_release(thumbnail) }
            let image = try decode(thumbnail)
            do throws(PixelBufferError) {
                // One smooth bilinear enlargement: `scaled(to:)` enlarges by whole pixels first (square blocks, right for
                // pixel art), which makes a photo's thumbnail look blocky.
                let pixels = image.pixels.size == fitted ? image.pixels : try image.pixels.stretched(to: fitted)
                return (DecodedImage(pixels: pixels), Self.colour(of: primary))
            } catch {
                throw .processingFailed(error.description)
            }
        }
    }

    /// Runs `body` on the primary image's handle and its upright size, once `accepts` passed its stated size.
    private func withPrimary<Result>(
        accepts: (PixelSize) -> Bool, _ body: (OpaquePointer, PixelSize) throws(DecodeFailure.Reason) -> Result
    ) throws(DecodeFailure.Reason) -> Result {
        try FormatLibraries.require(.heif)
        guard let context = heif_context_alloc() else { throw .processingFailed("libheif: no memory for a context") }
        defer { heif_context_free(context) }
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: maximumSide))
        // A grid's tiles (phones write 512 × 512 ones) decode on every core.
        heif_context_set_max_decoding_threads(context, Int32(clamping: max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)))
        try check(heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil))
        var primary: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &primary))
        guard let primary else { throw corrupt("no primary image") }
        defer { heif_image_handle_release(primary) }
        let stated = PixelSize(
            width: Int(heif_image_handle_get_ispe_width(primary)),
            height: Int(heif_image_handle_get_ispe_height(primary)))
        guard accepts(stated) else { throw .tooLarge(stated) }
        let upright = PixelSize(
            width: Int(heif_image_handle_get_width(primary)),
            height: Int(heif_image_handle_get_height(primary)))
        return try body(primary, upright)
    }

    /// The colour `handle`'s `colr` box states: its ICC profile, or its `nclx` primaries and transfer unless they are
    /// sRGB's (BT.709 primaries with the sRGB or a BT.709-family transfer, as encoders write for sRGB sources).
    package static func colour(of handle: OpaquePointer) -> EmbeddedColour? {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= EmbeddedColour.maximumProfileBytes else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok else { return nil }
            return .icc(bytes)
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else {
                return nil
            }
            defer { heif_nclx_color_profile_free(nclx) }
            let profile = nclx.pointee
            let xy = [
                profile.color_primary_white_x, profile.color_primary_white_y, profile.color_primary_red_x,
                profile.color_primary_red_y, profile.color_primary_green_x, profile.color_primary_green_y,
                profile.color_primary_blue_x, profile.color_primary_blue_y,
            ].map(Double.init)
            return .nclx(
                xy: xy, primaries: Int(profile.color_primaries.rawValue),
                transfer: Int(profile.transfer_characteristics.rawValue))
        default:
            return nil
        }
    }

    /// The first thumbnail of `handle` whose upright size covers `minimumSize`, retained; nil when none does.
    private static func thumbnail(of handle: OpaquePointer, covering minimumSize: PixelSize) -> OpaquePointer? {
        var ids = [heif_item_id](repeating: 0, count: 8)
        let count = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(ids.count)))
        for id in ids.prefix(count) {
            var thumbnail: OpaquePointer?
            guard heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else {
                continue
            }
            if Int(heif_image_handle_get_width(thumbnail)) >= minimumSize.width,
                Int(heif_image_handle_get_height(thumbnail)) >= minimumSize.height
            {
                return thumbnail
            }
            heif_image_handle_release(thumbnail)
        }
        return nil
    }

    /// The thumbnail of `handle` with the most pixels, retained; nil when it has none.
    private static func largestThumbnail(of handle: OpaquePointer) -> OpaquePointer? {
        var ids = [heif_item_id](repeating: 0, count: 8)
        let count = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(ids.count)))
        var best: (handle: OpaquePointer, area: Int)?
        for id in ids.prefix(count) {
            var thumbnail: OpaquePointer?
            guard heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else {
                continue
            }
            let area = Int(heif_image_handle_get_width(thumbnail)) * Int(heif_image_handle_get_height(thumbnail))
            if let current = best, current.area >= area {
                heif_image_handle_release(thumbnail)
            } else {
                if let current = best { heif_image_handle_release(current.handle) }
                best = (thumbnail, area)
            }
        }
        return best?.handle
    }

    /// `handle`'s image, transformed, at least `fitted` large: an opaque 8-bit image with no clean aperture that can
    /// shrink by a whole factor of 2 or more is handed to libheif by the decoder plugin (`CFormatDecoding`) reduced by that
    /// factor, each sample the mean of its block, so libheif converts (and this copies) a fraction of the pixels; any
    /// other, and any picture the plugin did not reduce, as `decode(_:)` at its full size.
    private func decode(_ handle: OpaquePointer, covering fitted: PixelSize) throws(DecodeFailure.Reason)
        -> DecodedImage
    {
        let size = PixelSize(
            width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
        let stored = PixelSize(
            width: Int(heif_image_handle_get_ispe_width(handle)), height: Int(heif_image_handle_get_ispe_height(handle))
        )
        let factor = PictureReduction.factor(from: size, covering: fitted)
        // A clean aperture (`clap`) is cut in the stored picture's pixels, which a reduced picture no longer has: the
        // upright size is then not the stored size (turned or not).
        let uncropped =
            size == stored || (size.width == stored.height && size.height == stored.width)
        guard factor >= 2, uncropped, heif_image_handle_has_alpha_channel(handle) == 0,
            heif_image_handle_get_luma_bits_per_pixel(handle) == 8,
            heif_image_handle_get_chroma_bits_per_pixel(handle) == 8
        else { return try decode(handle) }
        return try decode(handle, reducing: stored, by: factor)
    }

    /// `handle`'s image, transformed, as 8-bit RGBA copied into a pixel buffer; its picture reduced by `factor` when it
    /// is 8-bit and `stored` large (the plugin reduces only such a one).
    private func decode(
        _ handle: OpaquePointer, reducing stored: PixelSize = PixelSize(width: 0, height: 0), by factor: Int = 1
    ) throws(DecodeFailure.Reason) -> DecodedImage {
        guard let options = heif_decoding_options_alloc() else { throw .processingFailed("libheif: no memory") }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        // The plugins decode this thread's pictures on every core (grid tiles, on libheif's threads, one a core).
        guard gallery_heif_register_decoders() == 0 else {
            throw .processingFailed("libheif: the decoders were refused")
        }
        gallery_heif_begin_reduction(Int32(clamping: stored.width), Int32(clamping: stored.height), Int32(factor))
        var image: OpaquePointer?
        let decoded = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
        let reduced = gallery_heif_end_reduction() > 0
        try check(decoded)
        guard let image else { throw corrupt("nothing decoded") }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        guard let pixels = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw corrupt("no interleaved plane")
        }
        let size = PixelSize(
            width: Int(heif_image_get_width(image, heif_channel_interleaved)),
            height: Int(heif_image_get_height(image, heif_channel_interleaved)))
        // A reduced picture that libheif placed in a canvas of the full size (a grid of one tile the size of the
        // grid, decoded on this thread) fills a corner of it only: decoded again, whole.
        let upright = PixelSize(
            width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
        if reduced, size == upright { return try decode(handle) }
        let opaque = heif_image_handle_has_alpha_channel(handle) == 0
        do {
            return DecodedImage(
                pixels: try PixelBuffer.copying(rgba: pixels, size: size, stride: Int(stride), opaque: opaque))
        } catch {
            throw .processingFailed(error.description)
        }
    }

    /// Throws libheif's message when `error` is one.
    private func check(_ error: heif_error) throws(DecodeFailure.Reason) {
        guard error.code != heif_error_Ok else { return }
        throw corrupt(error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)")
    }

    private func corrupt(_ detail: String) -> DecodeFailure.Reason {
        .corrupt(format: "HEIF", detail: detail)
    }
}
