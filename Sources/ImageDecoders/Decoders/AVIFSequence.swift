import CFormatDecoding
import ImageLoader
import Imaging
import Support

/// An AVIF image sequence (`avis`) opened by libavif (`avif_decode.c`): what it states before any frame is decoded (the
/// canvas, frame count, alpha, colour, `irot`/`imir`), each frame's duration (`AVIFTrackTiming`), and its frames decoded
/// on the calling thread alone, as 8-bit RGBA of the canvas's size. The still picture of the same file is libheif's.
package final class AVIFSequence {
    /// libavif's decoder with the file's bytes (its own copy).
    private let sequence: OpaquePointer
    /// What the file states.
    private let facts: gallery_avif_facts

    /// Frames counted beyond this refuse the sequence (libavif's `imageCountLimit`), as many as a GIF's scan counts.
    static let maximumFrames = GIFScan.maximumFrames

    /// The sequence in `bytes` (copied), refused when libavif finds no sequence (no AV1 track), over `maximumFrames`
    /// frames, or a canvas whose sides or pixels exceed `maximumSide` and `maximumPixelCount`.
    init(bytes: UnsafeRawBufferPointer, maximumSide: Int, maximumPixelCount: Int) throws(DecodeFailure.Reason) {
        try FormatLibraries.require(.avif)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw Self.corrupt("the file is empty") }
        var error = [CChar](repeating: 0, count: 512)
        guard
            let opened = gallery_avif_open(
                base.assumingMemoryBound(to: UInt8.self), bytes.count, UInt32(Self.maximumFrames),
                UInt32(clamping: maximumSide), UInt32(clamping: maximumPixelCount), &error, error.count)
        else { throw Self.corrupt(Self.text(error)) }
        sequence = opened
        var facts = gallery_avif_facts()
        gallery_avif_facts_of(opened, &facts)
        self.facts = facts
    }

    deinit { gallery_avif_close(sequence) }

    /// The clock of the sequence in `bytes` before any frame is decoded: its canvas (upright) and each frame's delay;
    /// nil when libavif refuses it (not loaded, damaged, over a bound), it has fewer than two frames, or its colour
    /// track's timing cannot be read.
    package static func scan(
        _ bytes: UnsafeRawBufferPointer, maximumSide: Int = 16_384, maximumPixelCount: Int = 100_000_000
    ) -> (canvas: PixelSize, delays: [Double])? {
        guard
            let sequence = try? AVIFSequence(
                bytes: bytes, maximumSide: maximumSide, maximumPixelCount: maximumPixelCount),
            sequence.frameCount > 1, let delays = sequence.delays(in: bytes)
        else { return nil }
        return (sequence.orientation.upright(sequence.storedSize), delays)
    }

    /// The canvas as stored (every frame's size).
    var storedSize: PixelSize { PixelSize(width: Int(facts.width), height: Int(facts.height)) }

    /// The number of frames.
    var frameCount: Int { Int(facts.frame_count) }

    /// Whether the frames have an alpha channel.
    var hasAlpha: Bool { facts.has_alpha != 0 }

    /// Each frame's duration in seconds, read from the colour track's time-to-sample table; nil when it cannot be read.
    func delays(in bytes: UnsafeRawBufferPointer) -> [Double]? {
        AVIFTrackTiming.delays(in: bytes, frameCount: frameCount)
    }

    /// The turn that brings a stored frame upright: the file's `irot` (quarter turns anticlockwise) then its `imir`
    /// (0: top and bottom exchanged, 1: left and right), as libheif turns the same file's still picture.
    var orientation: ExifOrientation {
        let turns = facts.rotation < 0 ? 0 : Int(facts.rotation & 3)
        switch facts.mirror {
        case 0: return [.mirroredUpsideDown, .transposed, .mirrored, .transversed][turns]
        case 1: return [.mirrored, .transversed, .mirroredUpsideDown, .transposed][turns]
        default: return [.up, .rotatedAnticlockwise, .upsideDown, .rotatedClockwise][turns]
        }
    }

    /// The colour the file states: its ICC profile, or its primaries and transfer unless they are sRGB's (the rule
    /// `HEIFDecoder.colour(of:)` applies to the still's `nclx`).
    var colour: EmbeddedColour? {
        if facts.icc_size > 0, facts.icc_size <= EmbeddedColour.maximumProfileBytes,
            let profile = gallery_avif_icc(sequence)
        {
            return .icc(Array(UnsafeBufferPointer(start: profile, count: facts.icc_size)))
        }
        // libavif lists red, green, blue, then white; `EmbeddedColour` wants white first.
        let xy = withUnsafeBytes(of: facts.primaries_xy) { $0.bindMemory(to: Float.self).map { Double($0) } }
        return .nclx(
            xy: Array(xy[6..<8] + xy[0..<6]), primaries: Int(facts.colour_primaries),
            transfer: Int(facts.transfer_characteristics))
    }

    /// Decodes frame `index` into `pixels` (8-bit RGBA of the stored canvas, `storedSize.width * 4` bytes a row).
    func decodeFrame(_ index: Int, into pixels: UnsafeMutableRawBufferPointer) throws(DecodeFailure.Reason) {
        guard index >= 0, index < frameCount, let base = pixels.baseAddress else {
            throw .processingFailed("no frame \(index + 1) of \(frameCount)")
        }
        var error = [CChar](repeating: 0, count: 512)
        guard
            gallery_avif_frame(
                sequence, UInt32(index), base.assumingMemoryBound(to: UInt8.self), storedSize.width * 4,
                pixels.count, &error, error.count) == 0
        else { throw Self.corrupt(Self.text(error)) }
    }

    /// A damaged or refused sequence, as the failure says it.
    static func corrupt(_ detail: String) -> DecodeFailure.Reason {
        .corrupt(format: "AVIF", detail: detail)
    }

    /// The NUL-terminated message in `error`.
    private static func text(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
