import Glibc

extension PixelBuffer {
    /// A copy of `rect`, which must lie inside the buffer.
    public func cropped(to rect: PixelRect) throws(PixelBufferError) -> PixelBuffer {
        precondition(
            rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height,
            "crop \(rect) outside \(size)")
        let target = try PixelBuffer(width: rect.width, height: rect.height, format: format)
        for y in 0..<rect.height {
            memcpy(target.row(y), row(rect.y + y) + rect.x * 4, rect.width * 4)
        }
        return target
    }

    /// A copy turned upright from stored `orientation` (itself when already upright).
    package func oriented(_ orientation: ExifOrientation) throws(PixelBufferError) -> PixelBuffer {
        guard orientation != .up else { return self }
        let upright = orientation.upright(size)
        let target = try PixelBuffer(width: upright.width, height: upright.height, format: format)
        let sourcePitch = stride / 4
        let from = UnsafeRawPointer(storage.bytes).assumingMemoryBound(to: UInt32.self)
        for y in 0..<upright.height {
            let to = target.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<upright.width {
                let stored = orientation.storedPosition(x: x, y: y, width: width, height: height)
                to[x] = from[stored.y * sourcePitch + stored.x]
            }
        }
        return target
    }

    /// A new buffer holding `size` pixels of 8-bit R, G, B, A bytes, `stride` bytes a row (what libheif and libjxl
    /// produce): each pixel's red and blue are swapped into B, G, R, A byte order; alpha forced to 255 when `opaque`.
    public static func copying(
        rgba pixels: UnsafeRawPointer, size: PixelSize, stride: Int, opaque: Bool
    ) throws(PixelBufferError) -> PixelBuffer {
        let target = try PixelBuffer(
            width: size.width, height: size.height, format: opaque ? .xrgb8888 : .argb8888)
        for y in 0..<size.height {
            let source = pixels + y * stride
            let row = target.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width {
                // Little-endian words: RGBA bytes read as 0xAABBGGRR; ARGB8888 wants 0xAARRGGBB. Rows may not be
                // 4-byte aligned.
                let word = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                let alpha = opaque ? 0xFF00_0000 : word & 0xFF00_0000
                row[x] = alpha | (word & 0x0000_FF00) | (word & 0xFF) << 16 | (word >> 16) & 0xFF
            }
        }
        return target
    }

    /// Converts the pixels in place with `transform` (alpha kept).
    package func apply(_ transform: ColourTransform) {
        transform.apply(inPlace: storage.bytes, width: width, height: height, stride: stride)
    }
}
