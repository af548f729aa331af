/// What a cheap walk over a GIF's blocks finds, before any pixel is decoded: the screen size, the frames with their
/// delays, and the NETSCAPE loop count. Hostile files are expected: every read is bounds-checked, each step consumes at
/// least one byte (so the walk ends), and at most `maximumFrames` frames are counted.
public struct GIFScan: Equatable, Sendable {
    /// The logical screen's width in pixels.
    public var width: Int
    /// The logical screen's height in pixels.
    public var height: Int
    /// Each frame's delay in seconds (0 where the file states none), in file order.
    public var delays: [Double]
    /// Plays the file asks for (the NETSCAPE2.0 application extension): 0 forever, 1 when it has no such extension.
    public var loopCount: Int
    /// Whether the walk stopped early: the file ends inside a block, or before its trailer.
    public var isTruncated: Bool
    /// The largest width × height an image descriptor states. A decoder allocates each frame at its own stated size
    /// before clipping it to the screen, so a 100×100 screen whose frames claim 30000² costs gigabytes (4.5 GB a frame
    /// in SDL_image: a byte of indices and four of colour per pixel).
    public var largestFrameArea: Int

    /// Frames counted beyond this are not counted (the scan stops): far more than any real animation.
    public static let maximumFrames = 100_000

    /// The number of frames found.
    public var frameCount: Int { delays.count }

    /// The scan of a GIF in `bytes`; nil when they do not start with a GIF header and a logical screen descriptor.
    public init?(bytes: some RandomAccessCollection<UInt8>) {
        self.init(scanning: Array(bytes))
    }

    /// The scan of a GIF read through `data` (a file read a window at a time, so a large file is never held whole).
    public init?(scanning data: some ScannedBytes) {
        guard data.count >= 13, data[0] == 0x47, data[1] == 0x49, data[2] == 0x46, data[3] == 0x38,
            data[4] == 0x37 || data[4] == 0x39, data[5] == 0x61
        else { return nil }
        width = Int(data[6]) | Int(data[7]) << 8
        height = Int(data[8]) | Int(data[9]) << 8
        delays = []
        loopCount = 1
        isTruncated = true
        largestFrameArea = 0
        var position = 13
        if data[10] & 0x80 != 0 { position += 3 << (Int(data[10] & 7) + 1) }
        var pendingDelay = 0.0
        walk: while position < data.count, delays.count < Self.maximumFrames {
            let introducer = data[position]
            position += 1
            switch introducer {
            case 0x21:  // An extension: its label, then data sub-blocks.
                guard position < data.count else { break walk }
                let label = data[position]
                position += 1
                let first = position
                guard let end = Self.skipSubBlocks(data, from: position) else { break walk }
                position = end
                if label == 0xF9, first + 5 <= data.count, data[first] >= 4 {
                    pendingDelay = Double(Int(data[first + 2]) | Int(data[first + 3]) << 8) / 100
                } else if label == 0xFF, first + 16 <= data.count, data[first] == 11,
                    Array("NETSCAPE2.0".utf8).enumerated().allSatisfy({ data[first + 1 + $0.offset] == $0.element }),
                    data[first + 12] >= 3, data[first + 13] == 1
                {
                    loopCount = Int(data[first + 14]) | Int(data[first + 15]) << 8
                }
            case 0x2C:  // An image: its descriptor, local colour table, LZW code size, then data sub-blocks.
                guard position + 9 <= data.count else { break walk }
                let frameWidth = Int(data[position + 4]) | Int(data[position + 5]) << 8
                let frameHeight = Int(data[position + 6]) | Int(data[position + 7]) << 8
                largestFrameArea = max(largestFrameArea, frameWidth * frameHeight)
                let packed = data[position + 8]
                position += 9
                if packed & 0x80 != 0 { position += 3 << (Int(packed & 7) + 1) }
                position += 1  // The LZW minimum code size.
                guard position <= data.count, let end = Self.skipSubBlocks(data, from: position) else { break walk }
                position = end
                delays.append(pendingDelay)
                pendingDelay = 0
            case 0x3B:  // The trailer.
                isTruncated = false
                break walk
            default:  // Not a block: the file is damaged here.
                break walk
            }
        }
    }

    /// The position after the data sub-blocks starting at `start` (after their zero terminator), or nil when the
    /// bytes end first.
    private static func skipSubBlocks(_ data: some ScannedBytes, from start: Int) -> Int? {
        var position = start
        while position < data.count {
            let size = Int(data[position])
            position += 1 + size
            if size == 0 { return position }
        }
        return nil
    }
}

/// Bytes a scan reads one at a time by position: an array, or a file read through a window (`FileBytes`).
public protocol ScannedBytes {
    /// How many bytes there are.
    var count: Int { get }
    /// The byte at `index` (`0..<count`).
    subscript(_ index: Int) -> UInt8 { get }
}

extension Array: ScannedBytes where Element == UInt8 {}
