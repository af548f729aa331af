#if canImport(Glibc)
import Glibc
#endif

extension Surface {
    /// A copy of `rect` (inside this surface, which must be in `Surface.pixelFormat`), keeping the blend mode and the
    /// damage note.
    func cropped(to rect: PixelRect) throws(SDLError) -> Surface {
        precondition(hasStandardFormat, "cropped(to:) copies \(Surface.pixelFormat) surfaces")
        precondition(
            rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height,
            "crop \(rect) outside \(size)")
        let target = try Surface.uninitialized(width: rect.width, height: rect.height, opaque: isOpaque)
        target.damageNote = damageNote
        let sourcePitch = Int(handle.pointee.pitch)
        let targetPitch = Int(target.handle.pointee.pitch)
        let source = UnsafeRawPointer(handle.pointee.pixels!) + rect.y * sourcePitch + rect.x * 4
        let destination = target.handle.pointee.pixels!
        for row in 0..<rect.height {
            memcpy(destination + row * targetPitch, source + row * sourcePitch, rect.width * 4)
        }
        return target
    }
}
