import Imaging
import Support

/// An animated GIF's or WebP's frame clock (its canvas, loop count and each frame's delay, which a decoder process scans
/// from the file: `GIFScan`, `WebPScan`) as a record of 32 bytes and 4 a frame, the answer to a
/// `DecoderRequest.Kind.animationClock` request: the viewer reads no more of an animation than its signature either.
///
/// Layout (little-endian): magic, the frame count (0: not an animation), the loop count (0: forever), then the canvas's
/// width and height as 64-bit numbers, then each frame's delay in milliseconds (32 bits each). The viewer takes a
/// canvas only with both sides in 1…2^24, at most `maximumFrames`, and exactly 4 bytes a frame.
public enum AnimationRecord {
    /// The fixed part's size in bytes.
    public static let headerByteCount = 32
    /// The most frames a record may carry (as many as a scan counts).
    public static let maximumFrames = GIFScan.maximumFrames
    /// The largest record.
    public static let mostByteCount = headerByteCount + 4 * maximumFrames
    static let magic: UInt32 = 0x4E41_4447  // "GDAN"

    /// What the viewer plays an animation by.
    public struct Clock: Sendable, Equatable {
        /// The canvas, both sides within 1…2^24.
        public var canvas: PixelSize
        /// Each frame's delay in seconds.
        public var delays: [Double]
        /// How many times the frames play; 0: forever.
        public var loopCount: Int
    }

    /// The record of an animation of `delays` on a `width` × `height` canvas played `loopCount` times (no delays: not
    /// an animation); delays are sent in whole milliseconds, a delay past 2^32 − 1 ms as that.
    public static func encoded(width: Int, height: Int, delays: [Double], loopCount: Int) -> [UInt8] {
        let milliseconds = delays.prefix(maximumFrames).map { delay -> UInt32 in
            delay.isFinite && delay > 0 ? UInt32(clamping: Int64(min(delay * 1000, 4e9).rounded())) : 0
        }
        return encoded(
            width: UInt64(clamping: width), height: UInt64(clamping: height), loopCount: UInt32(clamping: loopCount),
            milliseconds: milliseconds)
    }

    /// A record of these raw fields (tests play a hostile decoder with it).
    public static func encoded(width: UInt64, height: UInt64, loopCount: UInt32, milliseconds: [UInt32]) -> [UInt8] {
        var wire = WireBytes(count: headerByteCount + 4 * milliseconds.count)
        wire.put(magic, at: 0)
        wire.put(UInt32(clamping: milliseconds.count), at: 4)
        wire.put(loopCount, at: 8)
        wire.put(width, at: 16)
        wire.put(height, at: 24)
        for (index, delay) in milliseconds.enumerated() { wire.put(delay, at: headerByteCount + 4 * index) }
        return wire.bytes
    }

    /// The clock in `bytes`: `.some(nil)` when the file is no animation (fewer than two frames), `.some(clock)`, or
    /// nil when they are no record (wrong magic, a frame count over `maximumFrames` or not matching the bytes, a canvas
    /// side of 0 or over 2^24).
    public static func decoded(_ bytes: [UInt8]) -> Clock?? {
        let wire = WireBytes(bytes)
        guard bytes.count >= headerByteCount, wire.get(UInt32.self, at: 0) == magic else { return nil }
        let frames = wire.get(UInt32.self, at: 4)
        guard frames <= UInt32(maximumFrames), bytes.count == headerByteCount + 4 * Int(frames) else { return nil }
        guard frames > 1 else { return .some(nil) }
        let sides = (wire.get(UInt64.self, at: 16), wire.get(UInt64.self, at: 24))
        let largest = UInt64(ImageHeader.largestStatedSide)
        guard (1...largest).contains(sides.0), (1...largest).contains(sides.1) else { return nil }
        let delays = (0..<Int(frames)).map { Double(wire.get(UInt32.self, at: headerByteCount + 4 * $0)) / 1000 }
        return .some(
            Clock(
                canvas: PixelSize(width: Int(sides.0), height: Int(sides.1)), delays: delays,
                loopCount: Int(wire.get(UInt32.self, at: 8))))
    }
}
