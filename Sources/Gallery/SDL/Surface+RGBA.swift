import CSDL2

extension Surface {
    /// A new surface in `Surface.pixelFormat` holding `size` pixels of 8-bit R, G, B, A bytes, `stride` bytes a row
    /// (what libheif and libjxl produce): each pixel's red and blue are swapped into ARGB8888's B, G, R, A byte order.
    static func copying(
        rgba pixels: UnsafePointer<UInt8>, size: PixelSize, stride: Int, opaque: Bool
    ) throws(SDLError) -> Surface {
        let surface = try Surface.uninitialized(width: size.width, height: size.height, opaque: opaque)
        let pitch = Int(surface.handle.pointee.pitch)
        let target = surface.handle.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<size.height {
            let source = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            let row = UnsafeMutableRawPointer(target + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width {
                // Little-endian words: RGBA bytes read as 0xAABBGGRR; ARGB8888 wants 0xAARRGGBB.
                let word = UnalignedLoad.word(source, x)
                let alpha = opaque ? 0xFF00_0000 : word & 0xFF00_0000
                row[x] = alpha | (word & 0x0000_FF00) | (word & 0xFF) << 16 | (word >> 16) & 0xFF
            }
        }
        return surface
    }
}

/// Reads 32-bit words from rows that libraries may not align to 4 bytes.
private enum UnalignedLoad {
    static func word(_ row: UnsafePointer<UInt32>, _ index: Int) -> UInt32 {
        UnsafeRawPointer(row).loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
    }
}
