/// Decodes binary PGM and PPM (`P5`, `P6`) files with two bytes a sample (maxval 256…65535), which SDL_image 2.6
/// refuses: ImageMagick writes them by default from any 16-bit source. Samples are big-endian, scaled to 8 bits with
/// rounding. The header was checked against the limits (`ImageHeader`) before this runs; the sample data is checked
/// here against the size the header states, so a short file is refused, not read past.
struct PNMDecoder {
    /// The parsed header: magic digit, size, maxval, and where the samples start.
    struct Header: Equatable {
        var isColour: Bool
        var size: PixelSize
        var maximum: Int
        var dataOffset: Int
    }

    /// The file's bytes.
    let bytes: UnsafeRawBufferPointer

    /// The header of a binary PNM file with two-byte samples, or nil for anything else (SDL_image's case).
    var wideHeader: Header? {
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "P"),
            [UInt8(ascii: "5"), UInt8(ascii: "6")].contains(bytes[1])
        else { return nil }
        // Width, height, maxval; whitespace and `#` comments between them; one whitespace byte before the samples.
        guard let (numbers, index) = PNMHeaderNumbers.read(3, from: bytes, limit: 4096) else { return nil }
        guard numbers[0] > 0, numbers[1] > 0, numbers[2] > 255, numbers[2] <= 65535,
            index < bytes.count
        else { return nil }
        return Header(
            isColour: bytes[1] == UInt8(ascii: "6"), size: PixelSize(width: numbers[0], height: numbers[1]),
            maximum: numbers[2], dataOffset: index + 1)
    }

    /// The picture of `header` as an opaque ARGB8888 surface.
    func decode(_ header: Header) throws(DecodeFailure.Reason) -> Surface {
        let channels = header.isColour ? 3 : 1
        let (rowBytes, rowOverflow) = header.size.width.multipliedReportingOverflow(by: 2 * channels)
        let (needed, overflow) = rowBytes.multipliedReportingOverflow(by: header.size.height)
        guard !rowOverflow, !overflow, needed <= bytes.count - header.dataOffset else {
            throw .corrupt(format: "PNM", detail: "the file ends before its samples")
        }
        let surface: Surface
        do {
            surface = try Surface.uninitialized(width: header.size.width, height: header.size.height, opaque: true)
        } catch {
            throw .processingFailed(error.message)
        }
        let pitch = Int(surface.handle.pointee.pitch) / 4
        let pixels = surface.handle.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let maximum = UInt32(header.maximum)
        for y in 0..<header.size.height {
            var offset = header.dataOffset + y * rowBytes
            for x in 0..<header.size.width {
                var value: UInt32 = 0xFF00_0000
                for channel in 0..<3 {
                    if channel < channels {
                        // Samples above maxval are clamped; rounding to nearest.
                        let sample = min(UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]), maximum)
                        offset += 2
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
        return surface
    }
}
