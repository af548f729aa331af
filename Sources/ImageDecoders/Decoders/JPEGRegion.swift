import CFormatDecoding
import Imaging

/// A rectangle of a JPEG's fitted, upright picture, mapped to the stored pixels at the plan's DCT scale, and its
/// decode through libjpeg's cropping API: only the rows and iMCU columns under the rectangle are decoded, so the
/// visible part of a 16000 × 12000 photo at 100 % costs the part's pixels, not the photo's 768 MB.
package struct JPEGRegion {
    /// The scale and orientation the region is decoded with.
    package let plan: JPEGDecoder.Plan
    /// The rectangle decoded: stored axes, in pixels of the picture at the plan's scale.
    package let decoded: PixelRect

    /// libjpeg's working memory beyond a progressive file's coefficients (row buffers, Huffman tables): a few
    /// megabytes even for a 65535-pixel-wide row.
    package static let workingBytes = 16 << 20

    /// The region `part` of the picture fitted at `fitted` (upright), decoded at `plan`'s scale.
    package init(plan: JPEGDecoder.Plan, fitted: PixelSize, part: PixelRect) {
        self.plan = plan
        let storedFitted = plan.orientation.upright(fitted)  // the fitted size in stored axes
        let first = plan.orientation.storedPosition(
            x: part.x, y: part.y, width: storedFitted.width, height: storedFitted.height)
        let last = plan.orientation.storedPosition(
            x: part.x + part.width - 1, y: part.y + part.height - 1,
            width: storedFitted.width, height: storedFitted.height)
        let scaled = plan.scaledSize
        // Widened outwards to whole pixels of the scaled picture.
        let left = min(first.x, last.x) * scaled.width / storedFitted.width
        let top = min(first.y, last.y) * scaled.height / storedFitted.height
        let right =
            min((max(first.x, last.x) + 1) * scaled.width + storedFitted.width - 1, scaled.width * storedFitted.width)
            / storedFitted.width
        let bottom =
            min(
                (max(first.y, last.y) + 1) * scaled.height + storedFitted.height - 1,
                scaled.height * storedFitted.height)
            / storedFitted.height
        decoded = PixelRect(x: left, y: top, width: max(right - left, 1), height: max(bottom - top, 1))
    }

    /// The DCT scale in eighths that gives the plan's scaled size (TurboJPEG's factors reduce to M/8 for decoding).
    package var scaleEighths: Int {
        let stored = plan.storedSize, scaled = plan.scaledSize
        return (1...16).first { eighths in
            (stored.width * eighths + 7) / 8 == scaled.width && (stored.height * eighths + 7) / 8 == scaled.height
        } ?? 8
    }

    /// Decodes the rectangle of `jpeg` and turns it upright; libjpeg may use at most `maximumWorkingBytes`.
    package func decode(_ jpeg: JPEGDecoder, maximumWorkingBytes: Int) throws(DecodeFailure.Reason) -> DecodedImage {
        let buffer: PixelBuffer
        do { buffer = try PixelBuffer(width: decoded.width, height: decoded.height, format: .xrgb8888) } catch {
            throw .processingFailed(error.description)
        }
        guard let base = jpeg.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .corrupt(format: "JPEG", detail: "no data")
        }
        var result = gallery_jpeg_decode_region(
            base, jpeg.bytes.count, Int32(scaleEighths), Int32(decoded.x), Int32(decoded.y), Int32(decoded.width),
            Int32(decoded.height), buffer.storage.bytes.assumingMemoryBound(to: UInt8.self), buffer.stride,
            maximumWorkingBytes)
        let message = withUnsafeBytes(of: &result.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard result.failed == 0 else { throw .corrupt(format: "JPEG", detail: message) }
        do {
            return DecodedImage(
                pixels: try buffer.oriented(plan.orientation), damageNote: result.warned != 0 ? message : nil)
        } catch {
            throw .processingFailed(error.description)
        }
    }
}
