import Imaging

/// Decodes PGM and PPM files with maxval 256…65535, which SDL_image 2.6 refuses: binary ones (`P5`, `P6`, two
/// big-endian bytes a sample; ImageMagick writes them by default from any 16-bit source) and plain ones (`P2`, `P3`,
/// decimal samples; the Netpbm specification allows maxval up to 65535 in both). Samples are scaled to 8 bits with
/// rounding. The header was checked against the limits (`ImageHeader`) before this runs; the sample data is checked
/// here against the size the header states, so a short file is refused, not read past.
package struct PNMDecoder {
    /// The parsed header: magic digit, size, maxval, and where the samples start.
    package struct Header: Equatable {
        package var isColour: Bool
        /// Plain (ASCII decimal) samples rather than binary ones.
        package var isPlain = false
        package var size: PixelSize
        package var maximum: Int
        package var dataOffset: Int
    }

    /// The file's bytes.
    package let bytes: UnsafeRawBufferPointer

    /// A decoder of the PGM or PPM file in `bytes`.
    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The header of a PGM or PPM file with maxval over 255, or nil for anything else (SDL_image's case).
    package var wideHeader: Header? {
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "P"),
            [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "5"), UInt8(ascii: "6")].contains(bytes[1])
        else { return nil }
        // Width, height, maxval; whitespace and `#` comments between them; one whitespace byte before the samples.
        guard let (numbers, index) = PNMHeaderNumbers.read(3, from: bytes, limit: 4096) else { return nil }
        guard numbers[0] > 0, numbers[1] > 0, numbers[2] > 255, numbers[2] <= 65535,
            index < bytes.count
        else { return nil }
        return Header(
            isColour: bytes[1] == UInt8(ascii: "6") || bytes[1] == UInt8(ascii: "3"),
            isPlain: bytes[1] < UInt8(ascii: "4"), size: PixelSize(width: numbers[0], height: numbers[1]),
            maximum: numbers[2], dataOffset: index + 1)
    }

    /// The picture of `header` as opaque ARGB8888 pixels.
    package func decode(_ header: Header) throws(DecodeFailure.Reason) -> DecodedImage {
        let channels = header.isColour ? 3 : 1
        // Binary: two bytes a sample. Plain: a digit and a separator at least (the last sample's may be missing).
        let (rowBytes, rowOverflow) = header.size.width.multipliedReportingOverflow(by: 2 * channels)
        let (needed, overflow) = rowBytes.multipliedReportingOverflow(by: header.size.height)
        guard !rowOverflow, !overflow, needed - (header.isPlain ? 1 : 0) <= bytes.count - header.dataOffset else {
            throw .corrupt(format: "PNM", detail: "the file ends before its samples")
        }
        var plain = header.isPlain ? PlainSamples(bytes: bytes, position: header.dataOffset - 1) : nil
        let buffer: PixelBuffer
        do {
            buffer = try PixelBuffer(width: header.size.width, height: header.size.height, format: .xrgb8888)
        } catch {
            throw .processingFailed(error.description)
        }
        let pitch = buffer.stride / 4
        let pixels = buffer.storage.bytes.assumingMemoryBound(to: UInt32.self)
        let maximum = UInt32(header.maximum)
        for y in 0..<header.size.height {
            var offset = header.dataOffset + y * rowBytes
            for x in 0..<header.size.width {
                var value: UInt32 = 0xFF00_0000
                for channel in 0..<3 {
                    if channel < channels {
                        // Samples above maxval are clamped; rounding to nearest.
                        let sample: UInt32
                        if plain != nil {
                            guard let next = plain?.next() else {
                                throw .corrupt(format: "PNM", detail: "the file ends before its samples")
                            }
                            sample = min(next, maximum)
                        } else {
                            sample = min(UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]), maximum)
                            offset += 2
                        }
                        let scaled = (sample * 255 + maximum / 2) / maximum
                        value |= scaled << (16 - 8 * UInt32(channel))
                    } else {
                        // Grey: the one sample in all three channels.
                        value |= (value >> 16 & 0xFF) << (16 - 8 * UInt32(channel))
                    }
                }
                pixels[y * pitch + x] = value
            }
        }
        return DecodedImage(pixels: buffer)
    }
}

/// The decimal samples of a plain PNM file, read one at a time: whitespace (and `#` comments, as Netpbm's own reader
/// skips them) between them; nil at the end of the file or at a byte that is neither.
private struct PlainSamples {
    let bytes: UnsafeRawBufferPointer
    var position: Int

    mutating func next() -> UInt32? {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "#") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var value: UInt32 = 0
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    value = min(value * 10 + UInt32(bytes[position] - UInt8(ascii: "0")), 1 << 20)
                    position += 1
                }
                return value
            } else if ![0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(byte) {
                return nil
            }
            position += 1
        }
        return nil
    }
}
