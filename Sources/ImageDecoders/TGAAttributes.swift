import Imaging

/// Whether a 32-bit TGA file's fourth byte a pixel is alpha, as the TGA 2.0 specification has it: the extension area's
/// Attributes Type when the file has one (3: alpha, 4: premultiplied alpha; 0: none, 1 and 2: undefined data), else
/// the image descriptor's attribute bits (bits 3–0 of byte 17; 0: no alpha). SDL_image takes the byte as alpha in every
/// 32-bit file, so a file stating none would show its undefined bytes as transparency.
enum TGAAttributes {
    /// The size of a TGA 2.0 footer: extension and developer area offsets, then `TRUEVISION-XFILE.\0`.
    static let footerBytes = 26

    /// Whether the 32-bit TGA in `bytes` states alpha; true for any other file (nothing to correct).
    static func statesAlpha(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 18, bytes[16] == 32 else { return true }
        let footer = bytes.count - footerBytes
        if footer >= 18, bytes[(footer + 8)..<bytes.count].elementsEqual(Array("TRUEVISION-XFILE.\0".utf8)) {
            let offset = (0..<4).reduce(0) { $0 | Int(bytes[footer + $1]) << (8 * $1) }
            // The extension area is 495 bytes; Attributes Type is its last.
            if offset >= 18, offset <= footer - 495 {
                return [3, 4].contains(bytes[offset + 494])
            }
        }
        return bytes[17] & 0x0F != 0
    }

    /// Whether the TGA in `bytes` stores its rows right to left (image descriptor bit 4, "right-hand origin"), which
    /// SDL_image 2.6 refuses as damaged: Pillow and libtga show it mirrored back.
    static func isRightToLeft(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 18 && bytes[17] & 0x10 != 0
    }

    /// `pixels` (ARGB8888, this decode's own) with every pixel made opaque, in place, labelled opaque.
    static func opaque(_ pixels: PixelBuffer) -> PixelBuffer {
        for y in 0..<pixels.height {
            let row = pixels.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixels.width { row[x] |= 0xFF00_0000 }
        }
        return pixels.relabelled(.xrgb8888)
    }
}
