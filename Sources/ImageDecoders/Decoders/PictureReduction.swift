import Imaging

/// How far a picture shown at a fraction of its size is reduced while it decodes, before it is fitted: a HEIF or AVIF
/// picture in the decoder plugin (`CFormatDecoding`), a JPEG XL picture as libjxl renders its rows (`JXLReduction`). Each
/// reduced pixel is the mean of a block of whole pixels, so the fit that follows scales the rest of the way from a
/// picture still at least as large as the page.
package enum PictureReduction {
    /// The whole factor (at least 1) by which a picture of `size` can shrink and still cover `fitted`.
    package static func factor(from size: PixelSize, covering fitted: PixelSize) -> Int {
        guard fitted.width > 0, fitted.height > 0 else { return 1 }
        return max(1, min(size.width / fitted.width, size.height / fitted.height))
    }
}
