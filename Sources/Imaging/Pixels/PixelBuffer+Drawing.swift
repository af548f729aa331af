extension PixelBuffer {
    /// `color` as this format's 32-bit word (0xAARRGGBB).
    static func word(_ color: RGBA) -> UInt32 {
        UInt32(color.a) << 24 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    }

    /// Fills `rect` (clipped to the buffer; the whole buffer when nil) with `color`, replacing what was there.
    public func fill(_ rect: PixelRect?, color: RGBA) {
        let area = rect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        let left = max(area.x, 0), top = max(area.y, 0)
        let right = min(area.x + area.width, width), bottom = min(area.y + area.height, height)
        guard right > left, bottom > top else { return }
        let value = Self.word(color)
        for y in top..<bottom {
            let line = row(y).assumingMemoryBound(to: UInt32.self)
            for x in left..<right { line[x] = value }
        }
    }

    /// Fills every rectangle of `rects` with `color`, replacing what was there.
    public func fill(rects: [PixelRect], color: RGBA) {
        for rect in rects { fill(rect, color: color) }
    }

    /// Writes every pixel from `color(x, y)`, row by row.
    public func paint(_ color: (_ x: Int, _ y: Int) -> RGBA) {
        for y in 0..<height {
            let line = row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { line[x] = Self.word(color(x, y)) }
        }
    }

    /// A new buffer of `size` covered with copies of this one, edge to edge from the top-left corner.
    public func tiled(to size: PixelSize) throws(PixelBufferError) -> PixelBuffer {
        let target = try PixelBuffer(width: size.width, height: size.height, format: format)
        for y in 0..<size.height {
            let source = row(y % height)
            let line = target.row(y)
            var x = 0
            while x < size.width {
                let count = min(width, size.width - x)
                (line + x * 4).copyMemory(from: source, byteCount: count * 4)
                x += count
            }
        }
        return target
    }

    /// The same pixels labelled `format` (no copy): for a decoder that has just made every alpha byte 255.
    public func relabelled(_ format: PixelFormat) -> PixelBuffer {
        // The storage, size and stride were valid for `self`.
        try! PixelBuffer(width: width, height: height, stride: stride, format: format, storage: storage)
    }
}
