import CFormatDecoding
import CTurboJPEG
import Glibc
import Imaging

/// Decodes JPEG files with libjpeg-turbo's TurboJPEG API at the smallest DCT scale (M/8) that still covers the size
/// the picture is drawn at, so a 24 MP photo shown at 1280×720 never exists at full size in memory.
///
/// CMYK and YCCK files are converted to RGB through their embedded profile when `cmykColour` is set (Little CMS), else
/// naively (inverted when an Adobe APP14 marker says the file was written the Photoshop way); the EXIF orientation is applied before the caller fits the result. A file with damaged or missing
/// data keeps what decoded, with TurboJPEG's warning in `DecodedImage.damageNote`. Safe on any thread (one TurboJPEG
/// handle per decode).
package struct JPEGDecoder {
    /// A decode's plan: the DCT scale chosen and what it will produce.
    package struct Plan: Equatable {
        /// The size stored in the file.
        package var storedSize: PixelSize
        /// The size TurboJPEG will produce (stored axes).
        package var scaledSize: PixelSize
        /// How the stored pixels are turned upright.
        package var orientation: ExifOrientation
        /// Whether the file holds CMYK or YCCK data.
        package var isCMYK: Bool

        /// The bytes the decode holds at its peak: the scaled pixels, their upright copy and CMYK staging.
        package var peakBytes: Int {
            scaledSize.area * 4 * (1 + (orientation == .up ? 0 : 1) + (isCMYK ? 1 : 0))
        }
    }

    /// The scaling factors TurboJPEG offers that reduce (num/denom ≤ 1), smallest first.
    private static let reducingFactors: [tjscalingfactor] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [tjscalingfactor(num: 1, denom: 1)] }
        return UnsafeBufferPointer(start: factors, count: Int(count))
            .filter { $0.num <= $0.denom }
            .sorted { Double($0.num) / Double($0.denom) < Double($1.num) / Double($1.denom) }
    }()

    /// The JPEG file's bytes.
    package let bytes: UnsafeRawBufferPointer
    /// The orientation to apply instead of the file's EXIF tag (a RAW preview is turned by its RAW's flip); nil: EXIF.
    package var orientation: ExifOrientation?
    /// A CMYK file's embedded profile and the output profile (nil: sRGB), when colour is managed.
    package var cmykColour: (profile: EmbeddedColour, output: [UInt8]?)?

    /// A decoder of the JPEG in `bytes`, turned by `orientation` (nil: its EXIF tag).
    package init(bytes: UnsafeRawBufferPointer, orientation: ExifOrientation? = nil) {
        self.bytes = bytes
        self.orientation = orientation
    }

    /// Reads the header and chooses the scale: the smallest covering `box` once upright, within `accepts`.
    /// Throws the failure reason when the header is unreadable or even the smallest scale is not accepted.
    package func plan(fitting box: PixelSize, accepts: (PixelSize) -> Bool) throws(DecodeFailure.Reason) -> Plan {
        let handle = try Self.makeHandle()
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        // A warning (stray bytes between segments, which libjpeg skips) still reads the header; the decode warns again.
        guard
            tjDecompressHeader3(handle, base, cLength, &width, &height, &subsampling, &colourspace) == 0
                || (tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) && width > 0 && height > 0)
        else {
            throw .corrupt(format: "JPEG", detail: Self.message(handle))
        }
        let stored = PixelSize(width: Int(width), height: Int(height))
        let orientation = self.orientation ?? ExifOrientation.read(jpeg: bytes)
        let fitted = orientation.upright(stored).fitted(inside: box)
        let needed = orientation.upright(fitted)  // back in stored axes (the swap is its own inverse)
        let scales = Self.reducingFactors.map { factor in
            PixelSize(width: Int(gallery_TJSCALED(width, factor)), height: Int(gallery_TJSCALED(height, factor)))
        }
        let covering = scales.first { $0.width >= needed.width && $0.height >= needed.height } ?? stored
        // Over the limit at the covering scale: decode smaller and let the final resample enlarge a little.
        guard let scaled = ([covering] + scales.reversed()).first(where: accepts) else { throw .tooLarge(stored) }
        let isCMYK = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
        return Plan(storedSize: stored, scaledSize: scaled, orientation: orientation, isCMYK: isCMYK)
    }

    /// Decodes at `plan`'s scale and turns the result upright, opaque ARGB8888. `inBands`: a large sequential file is
    /// decoded in two bands on two cores (`bandSplit`), its pixels the same.
    package func decode(_ plan: Plan, inBands: Bool = true) throws(DecodeFailure.Reason) -> DecodedImage {
        let handle = try Self.makeHandle()
        defer { tjDestroy(handle) }
        let size = plan.scaledSize
        let buffer: PixelBuffer
        // Not zero-filled: TurboJPEG (or the CMYK conversion) writes every pixel, and on a warning the rows it could
        // not decode are filled by libjpeg's own error recovery, not left as they were.
        do { buffer = try PixelBuffer(width: size.width, height: size.height, format: .xrgb8888) } catch {
            throw .processingFailed(error.description)
        }
        let status: Int32
        if plan.isCMYK {
            var cmyk = [UInt8](repeating: 0, count: size.area * 4)
            status = cmyk.withUnsafeMutableBufferPointer { pixels in
                tjDecompress2(
                    handle, base, cLength, pixels.baseAddress, Int32(size.width), 0, Int32(size.height),
                    Int32(TJPF_CMYK.rawValue), 0)
            }
            let input: ColourTransform.Input = hasAdobeMarker ? .invertedCMYK : .cmyk
            if let cmykColour,
                let transform = ColourTransform.cached(from: cmykColour.profile, input: input, to: cmykColour.output)
            {
                // lcms writes colour only: the alpha bytes are set first.
                memset(buffer.storage.bytes, 0xFF, buffer.byteCount)
                cmyk.withUnsafeBytes {
                    transform.apply(
                        $0.baseAddress!, width: size.width, height: size.height, into: buffer.storage.bytes,
                        stride: buffer.stride)
                }
            } else {
                Self.convertCMYK(cmyk, inverted: hasAdobeMarker, into: buffer)
            }
        } else if inBands, let split = bandSplit(plan), decodeInBands(plan, split: split, into: buffer) {
            status = 0
        } else {
            // ARGB8888 is B, G, R, A in memory on little-endian machines; TurboJPEG fills alpha with 0xFF.
            status = tjDecompress2(
                handle, base, cLength, buffer.storage.bytes.assumingMemoryBound(to: UInt8.self),
                Int32(size.width), Int32(buffer.stride), Int32(size.height), Int32(TJPF_BGRA.rawValue), 0)
        }
        var damageNote: String?
        if status != 0 {
            // Warnings (premature end, corrupt data) leave what decoded in place; errors leave nothing usable.
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                throw .corrupt(format: "JPEG", detail: Self.message(handle))
            }
            damageNote = Self.message(handle)
        }
        do { return DecodedImage(pixels: try buffer.oriented(plan.orientation), damageNote: damageNote) } catch {
            throw .processingFailed(error.description)
        }
    }

    /// Where a decode at `plan` splits into two bands, with the scale as libjpeg takes it (M/8), or nil when it is
    /// decoded in one pass: a progressive file (its second band would need every coefficient decoded first), CMYK, a
    /// picture under half a megapixel, or a single core.
    ///
    /// A page of a 2-core machine is decoded while the other core mostly waits (the first photo, a page turn). The
    /// second band still reads the rows above it (Huffman decoding cannot skip), but not their inverse DCT, upsampling
    /// and colour conversion; at 3/5 of the rows to the first band the two take about the same time: a 1920×1280 JPEG
    /// to 1200×800 in 13.0 ms instead of 19.7 (4:4:4) and 9.3 instead of 13.3 (4:2:0), with two bands' pixels
    /// byte-identical to one pass's (measured in C, 3 runs each).
    func bandSplit(_ plan: Plan) -> (row: Int, scaleEighths: Int)? {
        let size = plan.scaledSize
        guard !plan.isCMYK, size.area >= 1 << 19, size.height >= 64, Self.cores >= 2 else { return nil }
        // Baseline and extended sequential Huffman (SOF0, SOF1); progressive and arithmetic files in one pass.
        guard let marker = frameMarker, marker == 0xC0 || marker == 0xC1 else { return nil }
        let stored = plan.storedSize
        // TurboJPEG's factors in eighths: libjpeg's output size is the stored size × M/8, rounded up, as TJSCALED's.
        guard
            let eighths = (1...8).first(where: {
                (stored.width * $0 + 7) / 8 == size.width && (stored.height * $0 + 7) / 8 == size.height
            })
        else { return nil }
        return ((size.height * 3 / 5) & ~7, eighths)
    }

    /// Decodes `plan` into `buffer` in two bands split at `split`; false (nothing usable kept) when either band failed
    /// or warned: a damaged file is decoded again in one pass, whose own recovery fills what is missing.
    func decodeInBands(_ plan: Plan, split: (row: Int, scaleEighths: Int), into buffer: PixelBuffer) -> Bool {
        let size = plan.scaledSize
        let result = gallery_jpeg_decode_two_bands(
            base, bytes.count, Int32(split.scaleEighths), Int32(size.width), Int32(size.height), Int32(split.row),
            buffer.storage.bytes.assumingMemoryBound(to: UInt8.self), buffer.stride, 1 << 28)
        return result.failed == 0 && result.warned == 0
    }

    /// The cores this process may run on (at least 1).
    private static let cores = max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)

    /// The bytes libjpeg holds for a progressive file's DCT coefficients whatever the output scale: 2 bytes a
    /// coefficient, 64 a block, every component at full resolution (an upper bound: subsampled components need less);
    /// 0 for a baseline file, which is decoded a row of blocks at a time.
    package func coefficientBytes(_ plan: Plan) -> Int {
        guard let marker = frameMarker, [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) else { return 0 }
        let blocks = (plan.storedSize.width + 15) / 8 * ((plan.storedSize.height + 15) / 8)
        return blocks * 64 * 2 * (plan.isCMYK ? 4 : 3)
    }

    /// The marker of the file's frame header (SOF0 … SOF15), which says how its data is coded.
    private var frameMarker: UInt8? { ImageHeader.frameMarker(ofJPEG: ImageHeader.reader(of: bytes)) }

    private var base: UnsafePointer<UInt8>? { bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) }
    private var cLength: UInt { UInt(bytes.count) }

    /// Whether an APP14 "Adobe" segment precedes the image data: Adobe's CMYK files store inverted ink values.
    private var hasAdobeMarker: Bool {
        var position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            if marker == 0xDA || marker == 0xD9 { return false }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            if marker == 0xEE, length >= 7, position + 9 <= bytes.count,
                bytes[(position + 4)..<(position + 9)].elementsEqual("Adobe".utf8)
            {
                return true
            }
            position += 2 + length
        }
        return false
    }

    /// Writes CMYK pixels as RGB: each channel is (1 − ink) · (1 − black), with the inks inverted first when stored the
    /// Adobe way.
    package static func convertCMYK(_ cmyk: [UInt8], inverted: Bool, into buffer: PixelBuffer) {
        let pitch = buffer.stride / 4
        let pixels = buffer.storage.bytes.assumingMemoryBound(to: UInt32.self)
        cmyk.withUnsafeBufferPointer { ink in
            for y in 0..<buffer.height {
                for x in 0..<buffer.width {
                    let i = (y * buffer.width + x) * 4
                    // Stored Adobe-inverted values are already 1 − ink.
                    func paper(_ value: UInt8) -> UInt32 { inverted ? UInt32(value) : 255 - UInt32(value) }
                    let white = paper(ink[i + 3])
                    let red = paper(ink[i]) * white / 255
                    let green = paper(ink[i + 1]) * white / 255
                    let blue = paper(ink[i + 2]) * white / 255
                    pixels[y * pitch + x] = 0xFF00_0000 | red << 16 | green << 8 | blue
                }
            }
        }
    }

    private static func makeHandle() throws(DecodeFailure.Reason) -> tjhandle {
        guard let handle = tjInitDecompress() else {
            throw .processingFailed("TurboJPEG: \(String(cString: tjGetErrorStr2(nil)))")
        }
        return handle
    }

    /// TurboJPEG's last message for `handle`.
    private static func message(_ handle: tjhandle) -> String {
        String(cString: tjGetErrorStr2(handle))
    }
}
