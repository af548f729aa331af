import Imaging
import Support

/// An animation's canvas and clock as a decoder process sends them for a file the viewer cannot scan without the
/// format's library (JPEG XL: libjxl reads the frame headers, sandboxed): little-endian 32-bit words, the canvas's
/// width and height, the loop count, the frame count, then each frame's delay in milliseconds. Decoding checks every
/// number: a compromised decoder cannot make the viewer allocate more than `maximumFrames` delays.
public enum AnimationClockRecord {
    /// Frames a record holds at most (the scans' own bound).
    public static let maximumFrames = GIFScan.maximumFrames
    /// The most bytes a record takes.
    public static let maximumByteCount = 16 + 4 * maximumFrames

    /// The record of a canvas of `size` played `loopCount` times (0: forever) with `delays` in seconds.
    public static func encoded(size: PixelSize, loopCount: Int, delays: [Double]) -> [UInt8] {
        let frames = delays.prefix(maximumFrames)
        var words = [size.width, size.height, loopCount, frames.count].map { UInt32(clamping: $0) }
        words += frames.map { UInt32(clamping: Int(($0.isFinite ? min(max($0, 0), 1e6) : 0) * 1000)) }
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
    }

    /// The canvas and clock in `bytes`; nil unless they are a whole record with two frames or more and a canvas of at
    /// most `maximumSide` pixels a side.
    public static func decoded(_ bytes: [UInt8], maximumSide: Int = 1 << 20) -> (
        size: PixelSize, clock: AnimationClock
    )? {
        guard bytes.count >= 16, bytes.count % 4 == 0 else { return nil }
        let words = stride(from: 0, to: bytes.count, by: 4).map { at in
            (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        let (width, height, loopCount, count) = (words[0], words[1], words[2], words[3])
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height),
            (2...maximumFrames).contains(count),
            words.count == 4 + count
        else { return nil }
        let delays = words[4...].map { Double($0) / 1000 }
        return (PixelSize(width: width, height: height), AnimationClock(delays: delays, loopCount: loopCount))
    }
}
