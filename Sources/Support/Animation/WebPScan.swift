/// What a cheap walk over a WebP's RIFF chunks finds, before any pixel is decoded: whether it is animated, the
/// canvas size (VP8X), the frames (ANMF) with their durations, and the loop count (ANIM). Every read is
/// bounds-checked, each step consumes at least 8 bytes, and at most `maximumFrames` frames are counted.
public struct WebPScan: Equatable, Sendable {
    /// The canvas width in pixels (VP8X), 0 without a VP8X chunk.
    public var width = 0
    /// The canvas height in pixels (VP8X), 0 without a VP8X chunk.
    public var height = 0
    /// Whether the VP8X chunk sets the animation flag.
    public var isAnimated = false
    /// Each frame's duration in seconds, in file order.
    public var delays: [Double] = []
    /// Plays the ANIM chunk asks for: 0 forever (also when it is missing).
    public var loopCount = 0
    /// Whether the walk stopped early: a chunk runs past the end of the bytes.
    public var isTruncated = false

    /// Frames counted beyond this are not counted (the scan stops).
    public static let maximumFrames = 100_000

    /// The number of frames (ANMF chunks) found.
    public var frameCount: Int { delays.count }

    /// The scan of a WebP in `bytes`; nil when they do not start with a RIFF WEBP header.
    public init?(bytes: some RandomAccessCollection<UInt8>) {
        let data = Array(bytes)
        guard data.count >= 12, Array(data[0..<4]) == Array("RIFF".utf8), Array(data[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        func le(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(data[at + $1]) << (8 * $1) }
        }
        let end = min(8 + le(4, 4), data.count)
        var position = 12
        while position + 8 <= end, delays.count < Self.maximumFrames {
            let fourCC = Array(data[position..<(position + 4)])
            let size = le(position + 4, 4)
            let payload = position + 8
            guard payload + size <= end else {
                isTruncated = true
                break
            }
            if fourCC == Array("VP8X".utf8), size >= 10 {
                isAnimated = data[payload] & 0x02 != 0
                width = 1 + le(payload + 4, 3)
                height = 1 + le(payload + 7, 3)
            } else if fourCC == Array("ANIM".utf8), size >= 6 {
                loopCount = le(payload + 4, 2)
            } else if fourCC == Array("ANMF".utf8), size >= 16 {
                delays.append(Double(le(payload + 12, 3)) / 1000)
            }
            position = payload + size + (size & 1)
        }
        if position + 8 > end, end < 8 + le(4, 4) { isTruncated = true }
    }
}
