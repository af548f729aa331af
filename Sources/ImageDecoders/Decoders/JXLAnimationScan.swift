import CJXL
import ImageLoader
import Imaging
import Support

/// What libjxl says of an animated JPEG XL before any pixel is decoded: the canvas (upright), the loop count and each
/// displayed frame's duration. Only the basic info and the frame headers are asked for, so libjxl skips every frame's
/// pixels; at most `maximumFrames` frames are counted, and a file cut short ends the count where it ends.
package struct JXLAnimationScan: Equatable, Sendable {
    /// The canvas, upright (libjxl turns the frames by the stored orientation).
    package var size = PixelSize(width: 0, height: 0)
    /// Plays the animation header asks for: 0 forever.
    package var loopCount = 0
    /// Each displayed frame's duration in seconds, in order.
    package var delays: [Double] = []
    /// Whether the frames have an alpha channel.
    package var hasAlpha = false

    /// Frames counted beyond this are not counted (the rest is not played), as for GIF and WebP.
    package static let maximumFrames = GIFScan.maximumFrames

    /// The number of displayed frames found.
    package var frameCount: Int { delays.count }

    /// The scan of the JPEG XL file in `bytes`; nil when libjxl cannot read its basic info, or it is no animation.
    package init?(bytes: UnsafeRawBufferPointer) {
        guard (try? FormatLibraries.require(.jxl)) != nil, let decoder = JxlDecoderCreate(nil) else { return nil }
        defer { JxlDecoderDestroy(decoder) }
        let events = Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_FRAME.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS,
            JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                == JXL_DEC_SUCCESS
        else { return nil }
        JxlDecoderCloseInput(decoder)
        var secondsPerTick = 0.0
        // One event per call: the basic info, then one per displayed frame.
        events: for _ in 0..<(Self.maximumFrames + 2) {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_BASIC_INFO:
                var info = JxlBasicInfo()
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS, info.have_animation != 0,
                    info.animation.tps_numerator > 0
                else { return nil }
                let stored = PixelSize(width: Int(info.xsize), height: Int(info.ysize))
                size = info.orientation.rawValue >= 5 ? PixelSize(width: stored.height, height: stored.width) : stored
                loopCount = Int(info.animation.num_loops)
                hasAlpha = info.alpha_bits > 0
                secondsPerTick = Double(info.animation.tps_denominator) / Double(info.animation.tps_numerator)
            case JXL_DEC_FRAME:
                var header = JxlFrameHeader()
                guard JxlDecoderGetFrameHeader(decoder, &header) == JXL_DEC_SUCCESS else { break events }
                delays.append(Double(header.duration) * secondsPerTick)
                if delays.count >= Self.maximumFrames { break events }
            default:
                // The end, a cut or damaged file: the frames counted so far are the animation.
                break events
            }
        }
        guard size.width > 0, size.height > 0 else { return nil }
    }
}
