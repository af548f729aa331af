/// What a cheap walk over an animated PNG's chunks finds, before any pixel is decoded: the canvas (IHDR), the loop
/// count (acTL), and each frame's rectangle, delay, dispose and blend operations (fcTL) with where its image data lies
/// (the IDAT or fdAT chunks up to the next fcTL). Hostile files are expected: every read is bounds-checked, each step
/// consumes at least a chunk's 12 bytes, at most `maximumFrames` frames are counted, and a frame control that breaks
/// the APNG specification (an empty or out-of-canvas rectangle, an unknown operation) makes the file a still.
public struct APNGScan: Equatable, Sendable {
    /// What is done to a frame's rectangle before the next frame is drawn (fcTL `dispose_op`).
    public enum Dispose: UInt8, Equatable, Sendable {
        /// Left as drawn.
        case none = 0
        /// Cleared to transparent black.
        case background = 1
        /// Put back as it was before the frame was drawn.
        case previous = 2
    }

    /// How a frame's pixels meet the canvas (fcTL `blend_op`).
    public enum Blend: UInt8, Equatable, Sendable {
        /// They replace the rectangle, alpha included.
        case source = 0
        /// They are composited over it.
        case over = 1
    }

    /// One frame: its rectangle on the canvas, its delay, its operations and the bytes its image data lies in.
    public struct Frame: Equatable, Sendable {
        /// The rectangle's left edge on the canvas.
        public var x: Int
        /// The rectangle's top edge on the canvas.
        public var y: Int
        /// The rectangle's width (at least 1, inside the canvas).
        public var width: Int
        /// The rectangle's height (at least 1, inside the canvas).
        public var height: Int
        /// The delay in seconds (`delay_num / delay_den`, a denominator of 0 meaning hundredths).
        public var delay: Double
        /// What is done to the rectangle after the frame shows.
        public var dispose: Dispose
        /// How the frame is drawn onto the canvas.
        public var blend: Blend
        /// The file's bytes from after this frame's fcTL to the next fcTL (or the end): its IDAT or fdAT chunks.
        public var chunks: Range<Int>
    }

    /// The canvas width (IHDR).
    public var width = 0
    /// The canvas height (IHDR).
    public var height = 0
    /// Plays the acTL chunk asks for: 0 forever.
    public var loopCount = 0
    /// The frames, in file order; empty when the file is not a valid animated PNG.
    public var frames: [Frame] = []
    /// Whole chunks (length, type, data and CRC) before the first image data that each frame's PNG needs: every chunk
    /// but IHDR, acTL and fcTL (the palette, its transparency, gamma, profile…).
    public var sharedChunks: [Range<Int>] = []
    /// Whether the walk stopped early: a chunk runs past the end of the bytes.
    public var isTruncated = false

    /// Frames counted beyond this are not counted (the rest of the animation is not played): far more than any real
    /// animation.
    public static let maximumFrames = 100_000
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Each frame's delay in seconds, in file order.
    public var delays: [Double] { frames.map(\.delay) }
    /// The number of frames found.
    public var frameCount: Int { frames.count }
    /// Whether the file animates: an acTL chunk and two valid frames or more.
    public var isAnimated: Bool { frames.count > 1 }

    /// The scan of the PNG in `data`; nil when it does not start with a PNG signature and an IHDR chunk.
    public init?(bytes data: [UInt8]) {
        guard data.count >= 33, Array(data[0..<8]) == Self.signature, Self.type(data, 12) == "IHDR" else { return nil }
        width = Self.integer(data, 16)
        height = Self.integer(data, 20)
        var position = 8
        var animated = false
        var valid = true
        var seenImageData = false
        walk: while position + 12 <= data.count {
            let length = Self.integer(data, position)
            let type = Self.type(data, position + 4)
            // Lengths are 31-bit: the sum cannot overflow an Int.
            guard length <= Int(Int32.max), position + 12 + length <= data.count else {
                isTruncated = true
                break
            }
            let payload = position + 8
            switch type {
            case "acTL" where length == 8 && !seenImageData:
                animated = true
                loopCount = Self.integer(data, payload + 4)
            case "fcTL":
                close(at: position)
                guard frames.count < Self.maximumFrames else { break walk }
                guard length == 26, let frame = frame(data, payload, firstBeforeImageData: !seenImageData) else {
                    valid = false
                    break walk
                }
                frames.append(frame)
            case "IDAT", "fdAT":
                seenImageData = true
            case "IEND":
                break walk
            case "IHDR", "acTL":
                break
            default:
                if !seenImageData && frames.isEmpty { sharedChunks.append(position..<(payload + length + 4)) }
            }
            position = payload + length + 4
        }
        close(at: position)
        if !animated || !valid || width <= 0 || height <= 0 { frames = [] }
    }

    /// Ends the last frame's chunks at `position` (the next fcTL, IEND, or where the walk stopped).
    private mutating func close(at position: Int) {
        guard let last = frames.indices.last, frames[last].chunks.isEmpty else { return }
        frames[last].chunks = frames[last].chunks.lowerBound..<max(position, frames[last].chunks.lowerBound)
    }

    /// The frame that the fcTL data at `at` states, or nil when it breaks the specification; the first frame, when it
    /// comes before the image data (the default image is its data), must cover the canvas.
    private func frame(_ data: [UInt8], _ at: Int, firstBeforeImageData: Bool) -> Frame? {
        let frameWidth = Self.integer(data, at + 4)
        let frameHeight = Self.integer(data, at + 8)
        let x = Self.integer(data, at + 12)
        let y = Self.integer(data, at + 16)
        let numerator = Int(data[at + 20]) << 8 | Int(data[at + 21])
        let denominator = Int(data[at + 22]) << 8 | Int(data[at + 23])
        // Each field is at most 32 bits: the sums cannot overflow an Int.
        guard frameWidth > 0, frameHeight > 0, x + frameWidth <= width, y + frameHeight <= height,
            var dispose = Dispose(rawValue: data[at + 24]), let blend = Blend(rawValue: data[at + 25])
        else { return nil }
        if firstBeforeImageData, frames.isEmpty, x != 0 || y != 0 || frameWidth != width || frameHeight != height {
            return nil
        }
        // The first frame's "previous" is the cleared canvas (the specification says to treat it as background).
        if frames.isEmpty, dispose == .previous { dispose = .background }
        let delay = Double(numerator) / Double(denominator == 0 ? 100 : denominator)
        return Frame(
            x: x, y: y, width: frameWidth, height: frameHeight, delay: delay, dispose: dispose, blend: blend,
            chunks: (at + 30)..<(at + 30))
    }

    /// The image data (zlib stream) of `frame`: its IDAT chunks' data, or its fdAT chunks' without their sequence
    /// numbers, in order.
    public static func imageData(of frame: Frame, in data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = []
        var position = frame.chunks.lowerBound
        while position + 12 <= frame.chunks.upperBound {
            let length = integer(data, position)
            guard length <= Int(Int32.max), position + 12 + length <= frame.chunks.upperBound else { break }
            switch type(data, position + 4) {
            case "IDAT": stream += data[(position + 8)..<(position + 8 + length)]
            case "fdAT" where length >= 4: stream += data[(position + 12)..<(position + 8 + length)]
            default: break
            }
            position += 12 + length
        }
        return stream
    }

    /// The big-endian 32-bit integer at `at` (the caller checked the bounds).
    static func integer(_ data: [UInt8], _ at: Int) -> Int {
        data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The chunk type at `at`.
    static func type(_ data: [UInt8], _ at: Int) -> String {
        String(decoding: data[at..<(at + 4)], as: UTF8.self)
    }
}
