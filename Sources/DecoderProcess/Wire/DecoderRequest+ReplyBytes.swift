import Imaging

extension DecoderRequest {
    /// The most bytes a reply to this request may hold (`DecoderReply.refusal(answering:)`): the size of the memory the
    /// viewer makes for it. A photo's details: their record. A thumbnail's PNG: its pixels stored raw, with every row's filter byte and some chunks;
    /// pixels: the widest stride allowed times the most rows.
    public var mostReplyBytes: Int {
        if kind == .details { return PhotoDetailsRecord.byteCount }
        if kind == .header { return HeaderRecord.byteCount }
        if kind == .takenDate { return TakenDateRecord.byteCount }
        if kind == .orientationTag { return OrientationTagRecord.byteCount }
        if kind == .thumbnailFacts { return ThumbnailRecord.byteCount }
        if kind == .animationClock { return AnimationRecord.mostByteCount }
        let box = (width: Int(max(boxWidth, 1)), height: Int(max(boxHeight, 1)))
        if thumbnailPNG {
            let side = max(box.width, box.height)
            return 4 * side * (side + 1) + 65_536
        }
        let region = animationFrame ? nil : region
        let most = (
            width: region.map { Int(max($0[2], 1)) } ?? box.width,
            height: region.map { Int(max($0[3], 1)) } ?? box.height
        )
        return PixelBuffer.alignedStride(width: max(most.width, box.width)) * most.height
    }
}
