import Imaging

/// 8-bit Y′CbCr planes (4:2:0, 4:2:2, 4:4:4 or luma alone) turned into opaque RGB pixels reduced by a whole factor,
/// each output pixel from the mean of a factor × factor block: a HEIF or AVIF image shown at a fraction of its size is
/// converted at that size, never held as full-size RGBA (a 12 MP HEIC's decode peaked at 86 MiB instead of 132).
///
/// The conversion is linear until the final clamp, so converting block means gives the colours that converting each
/// pixel and then averaging would.
package struct YCbCrReduction {
    /// One plane of 8-bit samples.
    package struct Plane {
        /// The first sample.
        package let base: UnsafePointer<UInt8>
        /// Bytes from one row's start to the next.
        package let stride: Int
        /// Samples a row.
        package let width: Int
        /// Rows.
        package let height: Int

        /// A plane of `width` × `height` samples at `base`, rows `stride` bytes apart.
        package init(base: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) {
            self.base = base
            self.stride = stride
            self.width = width
            self.height = height
        }
    }

    /// How Y′CbCr maps to R′G′B′: the red and blue luma weights (H.273 `matrix_coefficients`).
    package struct Matrix: Sendable, Equatable {
        /// Red's weight in luma.
        package let kr: Double
        /// Blue's weight in luma.
        package let kb: Double

        /// BT.601 (H.273 codes 5 and 6), what libheif assumes when a file states none.
        package static let bt601 = Matrix(kr: 0.299, kb: 0.114)
        /// BT.709 (code 1).
        package static let bt709 = Matrix(kr: 0.2126, kb: 0.0722)
        /// BT.2020 non-constant luminance (code 9).
        package static let bt2020 = Matrix(kr: 0.2627, kb: 0.0593)

        /// The matrix of H.273 code `code`, unspecified (2) read as BT.601 as libheif does; nil for the others
        /// (identity, YCgCo, constant luminance, …), which this reduction does not handle.
        package init?(code: Int) {
            switch code {
            case 1: self = .bt709
            case 2, 5, 6: self = .bt601
            case 9: self = .bt2020
            default: return nil
            }
        }

        private init(kr: Double, kb: Double) {
            self.kr = kr
            self.kb = kb
        }
    }

    /// Luma.
    package let luma: Plane
    /// Blue-difference and red-difference chroma; nil for a monochrome image.
    package let chroma: (blue: Plane, red: Plane)?
    /// The Y′CbCr to R′G′B′ matrix.
    package let matrix: Matrix
    /// Whether samples use the full 0…255 range (else luma 16…235, chroma 16…240).
    package let fullRange: Bool

    /// A reduction of `luma` and `chroma` with `matrix` and range.
    package init(luma: Plane, chroma: (blue: Plane, red: Plane)?, matrix: Matrix, fullRange: Bool) {
        self.luma = luma
        self.chroma = chroma
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// The whole factor (at least 1) by which a picture of `size` can shrink and still cover `fitted`.
    package static func factor(from size: PixelSize, covering fitted: PixelSize) -> Int {
        guard fitted.width > 0, fitted.height > 0 else { return 1 }
        return max(1, min(size.width / fitted.width, size.height / fitted.height))
    }

    /// The picture reduced by `factor`: `luma`'s size divided by it, rounded down (a last partial block is left out).
    package func reduced(by factor: Int) throws(PixelBufferError) -> PixelBuffer {
        let factor = max(factor, 1)
        let width = luma.width / factor, height = luma.height / factor
        let target = try PixelBuffer(width: width, height: height, format: .xrgb8888)
        var lumaSums = [Int32](repeating: 0, count: luma.width)
        var blueSums = [Int32](repeating: 0, count: chroma?.blue.width ?? 0)
        var redSums = [Int32](repeating: 0, count: chroma?.red.width ?? 0)
        // Output column x covers luma columns x·factor ..< (x + 1)·factor and the chroma columns under them.
        let chromaColumns: [Range<Int>] =
            chroma.map { chroma in
                (0..<width).map { x in Self.span(x, factor: factor, full: luma.width, sub: chroma.blue.width) }
            } ?? []
        let (kr, kb) = (matrix.kr, matrix.kb)
        let kg = 1 - kr - kb
        let lumaScale = fullRange ? 1.0 : 255.0 / 219, lumaOffset = fullRange ? 0.0 : 16
        let chromaScale = fullRange ? 1.0 : 255.0 / 224
        let redFromCr = 2 * (1 - kr) * chromaScale, blueFromCb = 2 * (1 - kb) * chromaScale
        let greenFromCb = 2 * kb * (1 - kb) / kg * chromaScale, greenFromCr = 2 * kr * (1 - kr) / kg * chromaScale
        for y in 0..<height {
            Self.sumRows(luma, y * factor..<(y + 1) * factor, into: &lumaSums)
            var chromaCount = 0
            if let chroma {
                let rows = Self.span(y, factor: factor, full: luma.height, sub: chroma.blue.height)
                Self.sumRows(chroma.blue, rows, into: &blueSums)
                Self.sumRows(chroma.red, rows, into: &redSums)
                chromaCount = rows.count
            }
            let row = target.row(y).assumingMemoryBound(to: UInt32.self)
            let lumaCount = Double(factor * factor)
            for x in 0..<width {
                var lumaSum: Int32 = 0
                for column in x * factor..<(x + 1) * factor { lumaSum &+= lumaSums[column] }
                let lumaValue = (Double(lumaSum) / lumaCount - lumaOffset) * lumaScale
                var cb = 0.0, cr = 0.0
                if !chromaColumns.isEmpty {
                    let columns = chromaColumns[x]
                    var blueSum: Int32 = 0, redSum: Int32 = 0
                    for column in columns {
                        blueSum &+= blueSums[column]
                        redSum &+= redSums[column]
                    }
                    let count = Double(columns.count * chromaCount)
                    cb = Double(blueSum) / count - 128
                    cr = Double(redSum) / count - 128
                }
                let red = Self.byte(lumaValue + redFromCr * cr)
                let green = Self.byte(lumaValue - greenFromCb * cb - greenFromCr * cr)
                let blue = Self.byte(lumaValue + blueFromCb * cb)
                row[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
        return target
    }

    /// The samples of a plane `sub` wide (or high) under output sample `index` of blocks `factor` wide over a plane
    /// `full` wide: at least one, inside the plane.
    private static func span(_ index: Int, factor: Int, full: Int, sub: Int) -> Range<Int> {
        let lower = min(index * factor * sub / full, sub - 1)
        let upper = min(max(((index + 1) * factor * sub + full - 1) / full, lower + 1), sub)
        return lower..<upper
    }

    /// Adds up `rows` of `plane` column by column into `sums` (overwritten).
    private static func sumRows(_ plane: Plane, _ rows: Range<Int>, into sums: inout [Int32]) {
        sums.withUnsafeMutableBufferPointer { sums in
            for index in 0..<plane.width { sums[index] = 0 }
            for y in rows where y < plane.height {
                let row = plane.base + y * plane.stride
                for index in 0..<plane.width { sums[index] &+= Int32(row[index]) }
            }
        }
    }

    /// `value` rounded and clamped to 0…255.
    private static func byte(_ value: Double) -> UInt32 {
        UInt32(min(max(value + 0.5, 0), 255))
    }
}
