import Imaging

extension DecoderReply {
    /// The most bytes a reply slot's memory may have (a 2560 × 1440 page at 4 bytes a pixel, and some): larger
    /// pictures come in memory of their own. The viewer maps a slot's memory whole, so it refuses a larger one.
    public static let slotByteLimit = 16 << 20

    /// Why this reply cannot be the answer to `request`, or nil when every number in it is in range: a decoder may be
    /// compromised, so its pixels' size, stride, format and byte count are held to what the request asked for before
    /// anything is mapped (a 16384 × 49152 reply in a sparse memfd drove the viewer to 12.6 GB; a byte count of 2^63
    /// trapped it).
    public func refusal(answering request: DecoderRequest) -> String? {
        guard let bytes = Int(exactly: byteCount), bytes > 0 else { return "a byte count of \(byteCount)" }
        let box = (width: Int(max(request.boxWidth, 1)), height: Int(max(request.boxHeight, 1)))
        guard bytes <= request.mostReplyBytes else {
            return "\(bytes) bytes, over the \(request.mostReplyBytes) of the reply's memory"
        }
        let recordFormats = [
            Self.detailsRecordFormat, Self.headerRecordFormat, Self.takenDateRecordFormat, Self.thumbnailRecordFormat,
            Self.animationRecordFormat, Self.orientationTagRecordFormat,
        ]
        if request.kind == .animationClock {
            // 32 bytes and 4 a frame, at most `AnimationRecord.maximumFrames` (the record says how many).
            let frames = (bytes - AnimationRecord.headerByteCount) / 4
            guard format == Self.animationRecordFormat, bytes >= AnimationRecord.headerByteCount,
                bytes == AnimationRecord.headerByteCount + 4 * frames, frames <= AnimationRecord.maximumFrames
            else { return "an animation record of \(bytes) bytes in format \(format)" }
            return nil
        }
        if request.answersWithRecord || recordFormats.contains(format) {
            let expected: (format: UInt8, bytes: Int)? =
                switch request.kind {
                case .details: (Self.detailsRecordFormat, PhotoDetailsRecord.byteCount)
                case .header: (Self.headerRecordFormat, HeaderRecord.byteCount)
                case .takenDate: (Self.takenDateRecordFormat, TakenDateRecord.byteCount)
                case .thumbnailFacts: (Self.thumbnailRecordFormat, ThumbnailRecord.byteCount)
                case .orientationTag: (Self.orientationTagRecordFormat, OrientationTagRecord.byteCount)
                default: nil
                }
            guard let expected, format == expected.format, bytes == expected.bytes else {
                return "a record of \(bytes) bytes in format \(format) for a \(request.kind) request"
            }
            return nil
        }
        if format == Self.encodedPNGFormat {
            // A thumbnail's PNG: never more than its pixels stored raw, with every row's filter byte and some chunks;
            // an animation's clock record (checked again as it is read).
            guard request.thumbnailPNG else { return "PNG bytes for pixels" }
            return nil
        }
        guard PixelFormat(rawValue: format) != nil else { return "pixel format \(format)" }
        // The pixels fit the box (or the region of the fitted picture) asked for; a region's rows may be a view into
        // the fitted picture's, so the stride may be the box's.
        let region = request.animationFrame ? nil : request.region
        let most = (
            width: region.map { Int(max($0[2], 1)) } ?? box.width,
            height: region.map { Int(max($0[3], 1)) } ?? box.height
        )
        let widest = PixelBuffer.alignedStride(width: max(most.width, box.width))
        guard (1...most.width).contains(Int(width)), (1...most.height).contains(Int(height)) else {
            return "\(width)×\(height) px for a box of \(most.width)×\(most.height)"
        }
        guard (Int(width) * 4...widest).contains(Int(stride)), bytes == Int(stride) * Int(height) else {
            return "stride \(stride) and \(bytes) bytes for \(width)×\(height) px"
        }
        return nil
    }
}
