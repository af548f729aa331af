/// A minimal PNG writer for tests: any colour type and bit depth, optional PLTE and tRNS, image data in stored
/// (uncompressed) deflate blocks, so files with exactly the chunks a test needs can be made without zlib.
enum PNGWriter {
    /// A PNG of `width` × `height` whose rows hold `samples` (one array per row, each sample already at `bitDepth`),
    /// with `chunks` (type, data) written before the image data.
    static func png(
        width: Int, height: Int, bitDepth: Int, colourType: UInt8, rows samples: [[Int]],
        palette: [UInt8]? = nil, transparency: [UInt8]? = nil, chunks: [(String, [UInt8])] = []
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for row in samples {
            raw.append(0)  // filter: none
            raw += pack(row, bitDepth: bitDepth)
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be(width, 4) + be(height, 4) + [UInt8(bitDepth), colourType, 0, 0, 0])
        if let palette { file += chunk("PLTE", palette) }
        if let transparency { file += chunk("tRNS", transparency) }
        for (type, data) in chunks { file += chunk(type, data) }
        file += chunk("IDAT", zlibStored(raw))
        file += chunk("IEND", [])
        return file
    }

    /// Samples packed big-endian at `bitDepth` bits each (1, 2, 4, 8 or 16), rows padded to a byte.
    static func pack(_ samples: [Int], bitDepth: Int) -> [UInt8] {
        if bitDepth == 16 { return samples.flatMap { be($0, 2) } }
        if bitDepth == 8 { return samples.map { UInt8($0) } }
        var bytes: [UInt8] = []
        var accumulator = 0
        var bits = 0
        for sample in samples {
            accumulator = accumulator << bitDepth | sample
            bits += bitDepth
            if bits == 8 {
                bytes.append(UInt8(accumulator))
                accumulator = 0
                bits = 0
            }
        }
        if bits > 0 { bytes.append(UInt8(accumulator << (8 - bits))) }
        return bytes
    }

    static func be(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be(data.count, 4) + typed + be(Int(crc32(typed)), 4)
    }

    /// A zlib stream of stored deflate blocks (at most 65535 bytes each) and its Adler-32.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be(Int(b << 16 | a), 4)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
