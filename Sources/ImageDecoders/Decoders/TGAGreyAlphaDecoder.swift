import Imaging

/// Decodes grey TGA files with 16 bits a pixel (image types 3 and 11: a grey byte, then an alpha byte), which
/// SDL_image 2.6 refuses ("Unsupported TGA format") although the TGA specification, GIMP, nsxiv and feh take them.
/// Raw and run-length encoded data are read, in any of the four origins the image descriptor states; the second byte
/// is alpha when the descriptor states 8 attribute bits, else ignored (opaque). The header was checked against the
/// limits (`ImageHeader`) before this runs; the data is checked here, so a short file is refused, not read past.
package struct TGAGreyAlphaDecoder {
    /// The file's bytes.
    package let bytes: UnsafeRawBufferPointer

    /// A decoder of the TGA file in `bytes`.
    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether `bytes` hold a grey TGA with 16 bits a pixel (this decoder's case; SDL_image decodes the others).
    package var isGreyAlpha: Bool {
        bytes.count >= 18 && (bytes[2] == 3 || bytes[2] == 11) && bytes[16] == 16
    }

    /// The picture as ARGB8888 pixels (XRGB8888 when the file states no alpha).
    package func decode() throws(DecodeFailure.Reason) -> DecodedImage {
        let truncated = DecodeFailure.Reason.corrupt(format: "TGA", detail: "the file ends before its pixels")
        let width = Int(bytes[12]) | Int(bytes[13]) << 8
        let height = Int(bytes[14]) | Int(bytes[15]) << 8
        let descriptor = bytes[17]
        let hasAlpha = descriptor & 0x0F == 8
        let isRunLength = bytes[2] == 11
        // The image ID, then the colour map (a grey file may still carry one, which it does not use).
        let mapBytes = bytes[1] == 1 ? (Int(bytes[5]) | Int(bytes[6]) << 8) * ((Int(bytes[7]) + 7) / 8) : 0
        var offset = 18 + Int(bytes[0]) + mapBytes
        guard width > 0, height > 0 else { throw .corrupt(format: "TGA", detail: "no pixels") }
        let buffer: PixelBuffer
        do {
            buffer = try PixelBuffer(width: width, height: height, format: hasAlpha ? .argb8888 : .xrgb8888)
        } catch {
            throw .processingFailed(error.description)
        }
        let pitch = buffer.stride / 4
        let pixels = buffer.storage.bytes.assumingMemoryBound(to: UInt32.self)
        let topDown = descriptor & 0x20 != 0
        let rightToLeft = descriptor & 0x10 != 0
        // Run-length packets may run across rows: the count left of the current one, and its pixel if repeated.
        var left = 0
        var repeated: UInt32?
        for row in 0..<height {
            let y = topDown ? row : height - 1 - row
            for column in 0..<width {
                if isRunLength, left == 0 {
                    guard offset < bytes.count else { throw truncated }
                    let packet = bytes[offset]
                    offset += 1
                    left = Int(packet & 0x7F) + 1
                    repeated = nil
                    if packet & 0x80 != 0 {
                        guard offset + 2 <= bytes.count else { throw truncated }
                        repeated = Self.pixel(grey: bytes[offset], alpha: hasAlpha ? bytes[offset + 1] : 0xFF)
                        offset += 2
                    }
                }
                let value: UInt32
                if let repeated {
                    value = repeated
                } else {
                    guard offset + 2 <= bytes.count else { throw truncated }
                    value = Self.pixel(grey: bytes[offset], alpha: hasAlpha ? bytes[offset + 1] : 0xFF)
                    offset += 2
                }
                if isRunLength { left -= 1 }
                pixels[y * pitch + (rightToLeft ? width - 1 - column : column)] = value
            }
        }
        return DecodedImage(pixels: buffer)
    }

    /// One ARGB8888 pixel of grey level `grey` and opacity `alpha`.
    private static func pixel(grey: UInt8, alpha: UInt8) -> UInt32 {
        let level = UInt32(grey)
        return UInt32(alpha) << 24 | level << 16 | level << 8 | level
    }
}
