/// A decoded picture: its size, row stride, pixel format and the memory the pixels are in.
///
/// The currency of the imaging module, in place of `SDL_Surface`: decoders fill one, the decoder process sends one's
/// memory to the viewer (`PixelStorage.sharedMemory`), and the viewer uploads it as a texture. A value: copies share
/// the storage, which no one writes once the decoder has handed the buffer on.
public struct PixelBuffer: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row's start to the next (at least `width · 4`).
    public let stride: Int
    /// The layout of each pixel.
    public let format: PixelFormat
    /// The memory the pixels are in; row `y` starts `y · stride` bytes from `storage.bytes`.
    public let storage: PixelStorage

    /// Rows of 64-byte multiples: TurboJPEG's and SDL's SIMD paths take aligned rows.
    public static func alignedStride(width: Int) -> Int { (width * 4 + 63) & ~63 }

    /// A buffer over `storage`, which must hold `stride · height` bytes.
    public init(width: Int, height: Int, stride: Int, format: PixelFormat, storage: PixelStorage)
        throws(PixelBufferError)
    {
        guard width > 0, height > 0, stride >= width * 4,
            stride.multipliedReportingOverflow(by: height).overflow == false,
            stride * height <= storage.byteCount
        else { throw .invalidSize("\(width)×\(height), stride \(stride), \(storage.byteCount) bytes") }
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.storage = storage
    }

    /// A new buffer of `width` × `height` in `format`, its pixels not yet written; in shared memory when `shared` (a
    /// decoder process's output: a reply slot's, `SharedMemorySupply`, or a new memfd), else in private pages.
    public init(width: Int, height: Int, format: PixelFormat, shared: Bool = false) throws(PixelBufferError) {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw .invalidSize("\(width)×\(height)")
        }
        let stride = PixelBuffer.alignedStride(width: width)
        let (byteCount, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow else { throw .invalidSize("\(width)×\(height)") }
        let storage: PixelStorage
        if shared {
            if let supplied = SharedMemorySupply.storage(byteCount: byteCount) {
                storage = supplied
            } else {
                storage = try PixelStorage.allocateShared(byteCount: byteCount)
            }
        } else {
            storage = try PixelStorage.allocate(byteCount: byteCount)
        }
        try self.init(width: width, height: height, stride: stride, format: format, storage: storage)
    }

    /// Bytes the pixels occupy (`stride · height`).
    public var byteCount: Int { stride * height }

    /// The first byte of row `y`.
    public func row(_ y: Int) -> UnsafeMutableRawPointer {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        return storage.bytes + y * stride
    }

    /// The pixel at (`x`, `y`) as its 32-bit word (0xAARRGGBB). For tests and spot checks, not per-pixel loops.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width, "column \(x) outside 0..<\(width)")
        return row(y).load(fromByteOffset: x * 4, as: UInt32.self)
    }

    /// The pixel at (`x`, `y`) as its colour. For tests and spot checks, like `pixel(x:y:)`.
    public func rgba(x: Int, y: Int) -> RGBA {
        let word = pixel(x: x, y: y)
        return RGBA(
            r: UInt8(word >> 16 & 0xFF), g: UInt8(word >> 8 & 0xFF), b: UInt8(word & 0xFF), a: UInt8(word >> 24))
    }
}
