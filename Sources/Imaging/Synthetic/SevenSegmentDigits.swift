/// Numbers drawn as seven-segment digits made of filled rectangles: deterministic, thread-safe, no font needed.
package enum SevenSegmentDigits {
    /// Lit segments of 0…9; bit 0…6 = a (top), b (upper right), c (lower right), d (bottom), e (lower left),
    /// f (upper left), g (middle).
    private static let litSegments: [UInt8] = [0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F]

    /// Width of `digitCount` digits of `digitSize` with `gap` pixels between them.
    package static func width(ofDigits digitCount: Int, digitSize: PixelSize, gap: Int) -> Int {
        digitCount * digitSize.width + max(digitCount - 1, 0) * gap
    }

    /// The rectangles drawing the decimal digits of `number` (≥ 0), the first digit's top-left corner at `origin`.
    ///
    /// Segments are `thickness` thick; horizontal segments span the full digit width and vertical ones overlap them,
    /// so lit corners are solid.
    package static func rects(for number: Int, origin: PixelPoint, digitSize: PixelSize, gap: Int, thickness: Int)
        -> [PixelRect]
    {
        precondition(number >= 0, "seven-segment numbers are non-negative")
        let w = digitSize.width
        let h = digitSize.height
        let t = thickness
        let middle = (h - t) / 2
        let segments = [
            PixelRect(x: 0, y: 0, width: w, height: t),  // a
            PixelRect(x: w - t, y: 0, width: t, height: middle + t),  // b
            PixelRect(x: w - t, y: middle, width: t, height: h - middle),  // c
            PixelRect(x: 0, y: h - t, width: w, height: t),  // d
            PixelRect(x: 0, y: middle, width: t, height: h - middle),  // e
            PixelRect(x: 0, y: 0, width: t, height: middle + t),  // f
            PixelRect(x: 0, y: middle, width: w, height: t),  // g
        ]
        var rects: [PixelRect] = []
        for (position, digit) in String(number).utf8.enumerated() {
            let left = origin.x + position * (w + gap)
            let lit = litSegments[Int(digit - UInt8(ascii: "0"))]
            for (bit, segment) in segments.enumerated() where lit & (1 << bit) != 0 {
                rects.append(
                    PixelRect(
                        x: left + segment.x, y: origin.y + segment.y,
                        width: segment.width, height: segment.height))
            }
        }
        return rects
    }
}
