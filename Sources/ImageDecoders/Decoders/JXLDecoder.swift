import CJXL
import ImageLoader
import Imaging

/// Decodes JPEG XL files with libjxl, from bytes already read through `ImageFile`.
///
/// The basic info (size, orientation, alpha) is read first and checked against the limits before libjxl is asked for
/// pixels; libjxl applies the stored orientation itself (the default: `JxlDecoderSetKeepOrientation` is not called),
/// so nothing is rotated afterwards. The first frame is returned as 8-bit RGBA; the caller scales it. A file cut short
/// after its frame began shows what libjxl can flush of it (`JxlDecoderFlushImage`), with a damage note, as a cut JPEG
/// does; one cut earlier, or damaged, is refused. Safe on any thread (one decoder and one thread pool each).
package struct JXLDecoder {
    /// The file's bytes.
    package let bytes: UnsafeRawBufferPointer

    /// A decoder of the JPEG XL file in `bytes`.
    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The first frame upright, once `accepts` has passed the size the basic info states (upright).
    package func decode(accepts: (PixelSize) -> Bool) throws(DecodeFailure.Reason) -> DecodedImage {
        try decodeWithColour(accepts: accepts).image
    }

    /// `decode(accepts:)`'s frame with the colour space of its pixels as libjxl returns them: nil when that is sRGB,
    /// else its ICC profile (libjxl writes one for an encoded colour space too).
    package func decodeWithColour(
        accepts: (PixelSize) -> Bool
    ) throws(DecodeFailure.Reason) -> (image: DecodedImage, colour: EmbeddedColour?) {
        try FormatLibraries.require(.jxl)
        guard let decoder = JxlDecoderCreate(nil) else { throw .processingFailed("libjxl: no memory for a decoder") }
        defer { JxlDecoderDestroy(decoder) }
        // libjxl decodes groups of 256 × 256 pixels in parallel: one worker a core (a 12 MP VarDCT file took 666 ms on
        // one of two cores). The runner's threads live for this decode only.
        let runner = JxlThreadParallelRunnerCreate(nil, JxlThreadParallelRunnerDefaultNumWorkerThreads())
        defer { JxlThreadParallelRunnerDestroy(runner) }
        if let runner, JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) != JXL_DEC_SUCCESS {
            throw .processingFailed("libjxl: the parallel runner was refused")
        }
        let events = Int32(
            JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FRAME.rawValue
                | JXL_DEC_FULL_IMAGE.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS,
            JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                == JXL_DEC_SUCCESS
        else { throw corrupt("the decoder refused the input") }
        // The input is not closed although it is all there: closed, a cut file is an error, not a call for more input
        // after which the part decoded can be flushed (closing is needed only for box events, which are not used).
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var size = PixelSize(width: 0, height: 0)
        var opaque = true
        var pixels: [UInt8] = []
        var colour: EmbeddedColour?
        func image(damageNote: String? = nil) throws(DecodeFailure.Reason) -> DecodedImage {
            do {
                let buffer = try pixels.withUnsafeBytes { bytes in
                    Result { () throws(PixelBufferError) in
                        try PixelBuffer.copying(
                            rgba: bytes.baseAddress!, size: size, stride: size.width * 4, opaque: opaque)
                    }
                }.get()
                return DecodedImage(pixels: buffer, damageNote: damageNote)
            } catch {
                throw .processingFailed(error.description)
            }
        }
        // Bounded: one event per call, and a still image has a handful before its first full frame.
        for _ in 0..<64 {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_BASIC_INFO:
                var info = JxlBasicInfo()
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else { throw corrupt("no basic info") }
                let stored = PixelSize(width: Int(info.xsize), height: Int(info.ysize))
                // Orientations 5…8 swap the axes; the output buffer is upright.
                size = info.orientation.rawValue >= 5 ? PixelSize(width: stored.height, height: stored.width) : stored
                guard size.width > 0, size.height > 0, accepts(size) else { throw .tooLarge(size) }
                opaque = info.alpha_bits == 0
            case JXL_DEC_COLOR_ENCODING:
                colour = dataColour(decoder)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var byteCount = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &byteCount) == JXL_DEC_SUCCESS,
                    byteCount == size.area * 4
                else { throw corrupt("unexpected output buffer size") }
                pixels = [UInt8](repeating: 0, count: byteCount)
                let status = pixels.withUnsafeMutableBytes { buffer in
                    JxlDecoderSetImageOutBuffer(decoder, &format, buffer.baseAddress, buffer.count)
                }
                guard status == JXL_DEC_SUCCESS else { throw corrupt("the output buffer was refused") }
            case JXL_DEC_FRAME:
                continue
            case JXL_DEC_FULL_IMAGE:
                return (try image(), colour)
            case JXL_DEC_NEED_MORE_INPUT:
                // All the bytes were given: the file is cut. Once the frame's buffer is set, libjxl can flush what
                // it decoded so far (the groups read, the rest from the lower-resolution passes or left empty).
                guard !pixels.isEmpty, JxlDecoderFlushImage(decoder) == JXL_DEC_SUCCESS else {
                    throw corrupt("the file ends before the image")
                }
                return (try image(damageNote: "JPEG XL: the file ends before the image's end"), colour)
            case JXL_DEC_SUCCESS:
                throw corrupt("no image")
            default:
                throw corrupt("the data is damaged")
            }
        }
        throw corrupt("no image after 64 decoder events")
    }

    /// The colour space of the pixels libjxl returns, read from the file's headers alone (an animation's frames come
    /// from `JXLFrames`): nil when sRGB, else its ICC profile.
    package func colour() throws(DecodeFailure.Reason) -> EmbeddedColour? {
        try FormatLibraries.require(.jxl)
        guard let decoder = JxlDecoderCreate(nil) else { throw .processingFailed("libjxl: no memory for a decoder") }
        defer { JxlDecoderDestroy(decoder) }
        guard JxlDecoderSubscribeEvents(decoder, Int32(JXL_DEC_COLOR_ENCODING.rawValue)) == JXL_DEC_SUCCESS,
            JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                == JXL_DEC_SUCCESS
        else { throw corrupt("the decoder refused the input") }
        JxlDecoderCloseInput(decoder)
        guard JxlDecoderProcessInput(decoder) == JXL_DEC_COLOR_ENCODING else { throw corrupt("no colour encoding") }
        return dataColour(decoder)
    }

    /// The colour space of the pixels libjxl returns: nil when sRGB (or unreadable), else as an ICC profile.
    private func dataColour(_ decoder: OpaquePointer) -> EmbeddedColour? {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding)
            == JXL_DEC_SUCCESS,
            encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
            encoding.primaries == JXL_PRIMARIES_SRGB, encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB
        {
            return nil
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
            size > 0, size <= EmbeddedColour.maximumProfileBytes
        else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        guard
            JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &profile, size)
                == JXL_DEC_SUCCESS
        else { return nil }
        return .icc(profile)
    }

    private func corrupt(_ detail: String) -> DecodeFailure.Reason {
        .corrupt(format: "JPEG XL", detail: detail)
    }
}
