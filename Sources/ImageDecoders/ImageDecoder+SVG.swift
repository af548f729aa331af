import Imaging

/// SVG documents: drawn by librsvg at the size shown (`SVGDecoder`), a zoom's region drawn at the zoom's scale.
extension ImageDecoder {
    /// The document in `file` drawn to fit inside `box` (not enlarged past its own size unless `upscales`), or, with a
    /// `region`, that part of it drawn at exactly `box`: a zoomed SVG's visible part, as sharp as the zoom.
    func decodeSVG(
        _ file: ImageFile, fitting box: PixelSize, region: PixelRect?
    ) throws(DecodeFailure.Reason) -> DecodedImage {
        guard file.stamp.byteCount <= Self.maximumFileBytes else {
            throw .corrupt(format: "SVG", detail: "the file is over \(Self.maximumFileBytes >> 20) MB")
        }
        let bytes = try file.contents()
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(DecodeFailure.Reason) -> DecodedImage in
                let svg = try SVGDecoder(bytes: buffer)
                let size = region == nil ? shownSize(of: svg.size, in: box) : box
                let part =
                    try region.map { (region) throws(DecodeFailure.Reason) -> PixelRect in
                        guard let part = Self.clip(region, to: box) else {
                            throw .processingFailed("the region lies outside")
                        }
                        return part
                    } ?? PixelRect(x: 0, y: 0, width: size.width, height: size.height)
                guard accepts(part.size), size.width <= Self.largestSVGSide, size.height <= Self.largestSVGSide else {
                    throw .tooLarge(part.size)
                }
                // The document's tree and librsvg's layers (a group's opacity, a filter: each one surface of the
                // part's size), beside the part itself.
                let estimate = 8 * buffer.count + 3 * 4 * part.size.area
                return try withReservation(estimate) { () throws(DecodeFailure.Reason) in
                    DecodedImage(pixels: try svg.render(size: size, part: part, shared: sharesPixels))
                }
            }
        }.get()
    }

    /// The largest side a zoomed SVG is drawn at (only its visible part is made): cairo's coordinates are 24.8 fixed
    /// point, exact to 2^23.
    static let largestSVGSide = 1 << 20
}
