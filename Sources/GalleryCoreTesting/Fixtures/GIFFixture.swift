/// GIF files written byte by byte at test and benchmark time: frames with their offsets, delays, disposal and
/// transparency, and a NETSCAPE loop count, so every case is exact and no encoder is needed. The LZW data is
/// uncompressed (a clear code before the code width would grow), which every decoder reads.
package enum GIFFixture {
    /// One frame: `indices` (row by row, `width` × `height` palette indices) drawn at (`x`, `y`).
    package struct Frame: Sendable {
        /// Left edge on the logical screen.
        package var x = 0
        /// Top edge on the logical screen.
        package var y = 0
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// Palette indices, row by row.
        package var indices: [UInt8]
        /// Delay after the frame, in hundredths of a second.
        package var delay = 10
        /// What happens to the frame's area before the next: 1 keep, 2 restore the background, 3 restore the previous.
        package var disposal = 1
        /// The palette index drawn as transparent, if any.
        package var transparentIndex: UInt8?
        /// Whether the rows are stored interlaced (the four passes); `indices` stay top to bottom.
        package var interlaced = false
        /// A local colour table of 256 entries (these, then black) instead of the global one.
        package var localPalette: [(UInt8, UInt8, UInt8)]?

        /// A frame of one palette index all over.
        package init(x: Int = 0, y: Int = 0, width: Int, height: Int, fill: UInt8, delay: Int = 10, disposal: Int = 1) {
            self.init(
                x: x, y: y, width: width, height: height, indices: Array(repeating: fill, count: width * height),
                delay: delay, disposal: disposal)
        }

        /// A frame of the given indices.
        package init(
            x: Int = 0, y: Int = 0, width: Int, height: Int, indices: [UInt8], delay: Int = 10, disposal: Int = 1,
            transparentIndex: UInt8? = nil
        ) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.indices = indices
            self.delay = delay
            self.disposal = disposal
            self.transparentIndex = transparentIndex
        }
    }

    /// A GIF89a of `width` × `height` with a 256-colour global palette (`palette` first, then black), the frames in
    /// order, and a NETSCAPE loop extension when `loopCount` is given (0: forever).
    package static func bytes(
        width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], frames: [Frame], loopCount: Int? = 0
    ) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += le16(width) + le16(height) + [0xF7, 0, 0]  // A global table of 256 colours.
        out += table(palette)
        if let loopCount {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loopCount) + [0]
        }
        for frame in frames {
            let packed = UInt8((frame.disposal & 7) << 2) | (frame.transparentIndex == nil ? 0 : 1)
            out += [0x21, 0xF9, 4, packed] + le16(frame.delay) + [frame.transparentIndex ?? 0, 0]
            let flags: UInt8 = (frame.localPalette == nil ? 0 : 0x87) | (frame.interlaced ? 0x40 : 0)
            out += [0x2C] + le16(frame.x) + le16(frame.y) + le16(frame.width) + le16(frame.height) + [flags]
            if let local = frame.localPalette { out += table(local) }
            out += [8]
            var stored = frame.indices
            if frame.interlaced {
                let passes = [(0, 8), (4, 8), (2, 4), (1, 2)]
                let rows = passes.flatMap { start, step in Array(stride(from: start, to: frame.height, by: step)) }
                stored = rows.flatMap { frame.indices[($0 * frame.width)..<(($0 + 1) * frame.width)] }
            }
            let data = lzw(stored)
            var start = 0
            while start < data.count {
                let end = min(start + 255, data.count)
                out.append(UInt8(end - start))
                out += data[start..<end]
                start = end
            }
            out.append(0)
        }
        out.append(0x3B)
        return out
    }

    /// 8-bit indices as GIF LZW codes of 9 bits, a clear code every 250 literals so the width never grows.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        func emit(_ code: Int) {
            buffer |= code << bits
            bits += 9
            while bits >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        emit(256)
        for (count, index) in indices.enumerated() {
            if count > 0, count % 250 == 0 { emit(256) }
            emit(Int(index))
        }
        emit(257)
        if bits > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }

    /// A colour table of 256 entries: `palette`, then black.
    private static func table(_ palette: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
        (0..<256).flatMap { index -> [UInt8] in
            let colour = index < palette.count ? palette[index] : (0, 0, 0)
            return [colour.0, colour.1, colour.2]
        }
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
}
