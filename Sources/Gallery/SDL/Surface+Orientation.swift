extension Surface {
    /// A copy turned upright from stored `orientation` (itself when already upright), in `Surface.pixelFormat`.
    func oriented(_ orientation: ExifOrientation) throws(SDLError) -> Surface {
        guard orientation != .up else { return self }
        let source = hasStandardFormat ? self : try converted()
        let size = orientation.upright(source.size)
        // Every target pixel is written below.
        let target = try Surface.uninitialized(width: size.width, height: size.height, opaque: source.isOpaque)
        target.damageNote = damageNote
        let sourcePitch = Int(source.handle.pointee.pitch) / 4
        let targetPitch = Int(target.handle.pointee.pitch) / 4
        let from = source.handle.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let to = target.handle.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let stored = orientation.storedPosition(x: x, y: y, width: source.width, height: source.height)
                to[y * targetPitch + x] = from[stored.y * sourcePitch + stored.x]
            }
        }
        return target
    }
}
