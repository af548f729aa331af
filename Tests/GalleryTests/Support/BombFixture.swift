/// Decoder bombs made at test time: small files whose headers promise far more pixels than they hold.
enum BombFixture {
    /// A flat black RGB PNG of `side` × `side` (9999² decodes to about 400 MB as 32-bit pixels) in a fixed-Huffman
    /// deflate stream of 258-byte repeats, about 158:1: inside the header guard's 1032:1 bound, so only the decoder's
    /// own limits stop it.
    static func flatPNG(side: Int = 9999) -> [UInt8] {
        let rawCount = side * (1 + 3 * side)
        var bits = BitWriter()
        bits.write(0b1, count: 1)  // BFINAL
        bits.write(0b01, count: 2)  // BTYPE: fixed Huffman codes
        // Literal 0 is code 0x30 (8 bits); length 258 is symbol 285, code 0xC5 (8 bits); distance 1 is code 0 (5 bits).
        bits.writeCode(0x30, count: 8)
        let (matches, rest) = (rawCount - 1).quotientAndRemainder(dividingBy: 258)
        for _ in 0..<matches {
            bits.writeCode(0xC5, count: 8)
            bits.writeCode(0, count: 5)
        }
        for _ in 0..<rest { bits.writeCode(0x30, count: 8) }
        bits.writeCode(0, count: 7)  // end of block (256)
        // Adler-32 of zeros: a stays 1, b counts the bytes.
        let adler = (rawCount % 65_521) << 16 | 1
        let zlib: [UInt8] = [0x78, 0x01] + bits.padded + PNGWriter.be(adler, 4)
        return PNGWriter.png(width: side, height: 1, bitDepth: 8, colourType: 2, rows: [[0, 0, 0]])
            .replacingIDAT(with: zlib, height: side)
    }

    /// A GIF with a 100 × 100 screen and one small frame, then `frames` frames each claiming `side` × `side` pixels
    /// (with no pixel data): decoders that size a canvas by the frame allocate side² pixels for each.
    static func hugeFrameGIF(side: Int = 30_000, frames: Int = 20) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        var file = Array("GIF89a".utf8) + le(100) + le(100) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        file += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        // Minimum code size 2: clear (4) and end (5) in 3 bits each, one byte.
        let clearThenEnd: [UInt8] = [2, 1, 0x2C, 0]
        for index in 0...frames {
            let frameSide = index == 0 ? 100 : side
            file += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            file += [0x2C] + le(0) + le(0) + le(frameSide) + le(frameSide) + [0] + clearThenEnd
        }
        return file + [0x3B]
    }
}

/// Bits written least significant first, as deflate packs them.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var count = 0

    /// Writes the low `count` bits of `value`, least significant first (header fields, extra bits).
    mutating func write(_ value: UInt64, count bitCount: Int) {
        accumulator |= value << UInt64(count)
        count += bitCount
        while count >= 8 {
            bytes.append(UInt8(accumulator & 0xFF))
            accumulator >>= 8
            count -= 8
        }
    }

    /// Writes a Huffman code of `count` bits, most significant first.
    mutating func writeCode(_ code: UInt64, count bitCount: Int) {
        var reversed: UInt64 = 0
        for bit in 0..<bitCount { reversed |= (code >> UInt64(bit) & 1) << UInt64(bitCount - 1 - bit) }
        write(reversed, count: bitCount)
    }

    /// The bytes, the last one padded with zeros.
    var padded: [UInt8] { count > 0 ? bytes + [UInt8(accumulator & 0xFF)] : bytes }
}

extension [UInt8] {
    /// This PNG (one IDAT) with its height set to `height` and its image data replaced by `zlib`.
    fileprivate func replacingIDAT(with zlib: [UInt8], height: Int) -> [UInt8] {
        let signatureAndIHDR = 8 + 8 + 13 + 4
        var header = Array(self[0..<signatureAndIHDR])
        header.replaceSubrange(20..<24, with: PNGWriter.be(height, 4))
        let ihdr = Array(header[12..<29])
        header.replaceSubrange(29..<33, with: PNGWriter.be(Int(PNGWriter.crc32(ihdr)), 4))
        let idat = Array("IDAT".utf8) + zlib
        return header + PNGWriter.be(zlib.count, 4) + idat + PNGWriter.be(Int(PNGWriter.crc32(idat)), 4)
            + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }
}
