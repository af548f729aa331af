import Imaging

extension Surface {
    /// Converts this surface's ARGB8888 pixels in place with `transform` (alpha kept).
    func apply(_ transform: ColourTransform) {
        transform.apply(
            inPlace: handle.pointee.pixels, width: width, height: height, stride: Int(handle.pointee.pitch))
    }

    /// Converts `width` × `height` stored pixels (4 bytes each, tightly packed) with `transform` into this surface's
    /// ARGB8888 pixels, whose alpha bytes the caller has set.
    func apply(_ transform: ColourTransform, from pixels: UnsafeRawPointer) {
        transform.apply(
            pixels, width: width, height: height, into: handle.pointee.pixels, stride: Int(handle.pointee.pitch))
    }
}
