import Support

extension PixelBuffer {
    /// The buffer's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// A copy scaled to exactly `size` with linear filtering, in the same format; in shared memory when `shared` (a
    /// decoder process's reply, which the viewer maps as it is), else in private pages.
    ///
    /// Large reductions go through repeated halvings first: one bilinear step reads only 2×2 source pixels per output
    /// pixel, so shrinking by more than 2× in one step would skip most of the image and alias, while an exact halving
    /// averages each 2×2 block.
    ///
    /// Enlargements of 2× or more are made of whole pixels first: each source pixel becomes an n×n block (nearest
    /// neighbour, n the whole part of the enlargement), and only the rest, less than 2×, is linear. A small picture
    /// enlarged to the window shows its pixels as sharp squares with at most a pixel of blend at their edges, rather
    /// than a blur (the "sharp bilinear" of pixel-art scalers).
    public func scaled(to size: PixelSize, shared: Bool = false) throws(PixelBufferError) -> PixelBuffer {
        guard size.width > 0, size.height > 0 else { throw .invalidSize("scaled to \(size)") }
        var source = self
        while source.width > 2 * size.width || source.height > 2 * size.height {
            let halved = PixelSize(
                width: source.width > 2 * size.width ? (source.width + 1) / 2 : source.width,
                height: source.height > 2 * size.height ? (source.height + 1) / 2 : source.height)
            source = try source.stretched(to: halved, shared: shared && halved == size)
        }
        let whole = min(size.width / source.width, size.height / source.height)
        if whole >= 2 {
            let last = source.width * whole == size.width && source.height * whole == size.height
            source = try source.enlarged(by: whole, shared: shared && last)
        }
        return source.size == size ? source : try source.stretched(to: size, shared: shared)
    }

    /// A copy scaled with linear filtering to the largest size that keeps the aspect ratio and fits inside `box`.
    public func scaled(toFit box: PixelSize) throws(PixelBufferError) -> PixelBuffer {
        try scaled(to: size.fitted(inside: box))
    }

    /// One bilinear step to exactly `size`: pixel centres map to pixel centres, and samples past an edge take the
    /// edge pixel. Separable: each output row first blends its two source rows into one (a straight run the compiler
    /// vectorises), then each output pixel blends two pixels of that row. Two channels are interpolated at once in each
    /// 32-bit word (red and blue, then alpha and green), with 8-bit weights. A large picture's rows are made in two
    /// halves on two threads (`parallelArea`), or in `parts` when given (tests).
    package func stretched(to size: PixelSize, shared: Bool = false, parts: Int? = nil) throws(PixelBufferError)
        -> PixelBuffer
    {
        let target = try PixelBuffer(width: size.width, height: size.height, format: format, shared: shared)
        // Columns packed as 32-bit numbers: the inner loop reads one 12-byte entry a pixel.
        let columns = Self.samples(from: width, to: size.width).map {
            (first: Int32($0.first), second: Int32($0.second), weight: $0.weight)
        }
        let rows = Self.samples(from: height, to: size.height)
        let parts = min(parts ?? (size.width * size.height >= Self.parallelArea ? 2 : 1), size.height)
        SplitWork.run(parts: parts, name: "gallery-scale") { [self] part in
            stretchRows(
                size.height * part / parts..<size.height * (part + 1) / parts, into: target, columns: columns,
                rows: rows)
        }
        return target
    }

    /// Output pixels from which `stretched(to:)` makes its rows in two halves at once: 1920×1280 scaled to a
    /// 1080×720 page spent 7 ms of a 30 ms first decode in this step on one core (`perf` of a start).
    static let parallelArea = 1 << 18

    /// Rows `range` of `target`, as `stretched(to:)` makes them from `columns` and `rows`.
    private func stretchRows(
        _ range: Range<Int>, into target: PixelBuffer, columns: [(first: Int32, second: Int32, weight: UInt32)],
        rows: [Sample]
    ) {
        let blended = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { blended.deallocate() }
        let sourceWidth = width
        columns.withUnsafeBufferPointer { columns in
            for y in range {
                let row = rows[y]
                let top = UnsafeRawPointer(self.row(row.first)).assumingMemoryBound(to: UInt32.self)
                let line: UnsafePointer<UInt32>
                if row.weight == 0 {
                    line = top
                } else {
                    let bottom = UnsafeRawPointer(self.row(row.second)).assumingMemoryBound(to: UInt32.self)
                    Self.blend(top, bottom, row.weight, into: blended, count: sourceWidth)
                    line = UnsafePointer(blended)
                }
                let out = target.row(y).assumingMemoryBound(to: UInt32.self)
                for x in 0..<columns.count {
                    let column = columns[x]
                    out[x] = Self.lerp(line[Int(column.first)], line[Int(column.second)], column.weight)
                }
            }
        }
    }

    /// `count` pixels of `top` blended with `bottom` by `weight` (out of 256) into `out`.
    private static func blend(
        _ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>, _ weight: UInt32,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        for x in 0..<count { out[x] = lerp(top[x], bottom[x], weight) }
    }

    /// A copy `factor` times larger on each axis, each pixel a `factor` × `factor` block (in shared memory when
    /// `shared`).
    func enlarged(by factor: Int, shared: Bool = false) throws(PixelBufferError) -> PixelBuffer {
        let target = try PixelBuffer(
            width: width * factor, height: height * factor, format: format, shared: shared)
        for y in 0..<height {
            let source = UnsafeRawPointer(row(y)).assumingMemoryBound(to: UInt32.self)
            let first = target.row(y * factor).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = source[x]
                for k in 0..<factor { first[x * factor + k] = pixel }
            }
            for k in 1..<factor {
                target.row(y * factor + k).copyMemory(from: first, byteCount: target.width * 4)
            }
        }
        return target
    }

    /// Where one output pixel samples its axis: the two source pixels and the second one's weight out of 256.
    struct Sample {
        var first: Int
        var second: Int
        var weight: UInt32
    }

    /// The samples of `count` output pixels over `sourceCount` source pixels, centre to centre: output pixel `i`
    /// reads source position `(i + ½) · sourceCount / count − ½`, clamped to the edge pixels.
    static func samples(from sourceCount: Int, to count: Int) -> [Sample] {
        (0..<count).map { i in
            // In 1/65536ths of a source pixel.
            let position = ((2 * i + 1) * sourceCount << 16) / (2 * count) - (1 << 15)
            guard position > 0 else { return Sample(first: 0, second: 0, weight: 0) }
            let first = position >> 16
            guard first < sourceCount - 1 else {
                return Sample(first: sourceCount - 1, second: sourceCount - 1, weight: 0)
            }
            return Sample(first: first, second: first + 1, weight: UInt32((position & 0xFFFF) >> 8))
        }
    }

    /// `a` · (256 − `weight`) + `b` · `weight`, per 8-bit channel, two channels per multiplication.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
        let keep = 256 - weight
        let redBlue = (((a & 0x00FF_00FF) &* keep &+ (b & 0x00FF_00FF) &* weight) >> 8) & 0x00FF_00FF
        let alphaGreen = (((a >> 8) & 0x00FF_00FF) &* keep &+ ((b >> 8) & 0x00FF_00FF) &* weight) & 0xFF00_FF00
        return redBlue | alphaGreen
    }
}
