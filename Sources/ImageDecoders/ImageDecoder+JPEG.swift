import Imaging

/// JPEG files and camera RAW previews: TurboJPEG at a reduced DCT scale, or only a zoomed region's rows and columns.
extension ImageDecoder {
    /// `image` scaled to `fitted`, keeping its damage note.
    func fit(_ image: DecodedImage, to fitted: PixelSize) throws(DecodeFailure.Reason) -> DecodedImage {
        do { return try image.fitted(to: fitted) } catch { throw .processingFailed(error.description) }
    }

    /// `image` scaled to `fitted` as the decode's result: straight into shared memory when `sharesPixels` (a decoder
    /// process's reply, which the viewer maps and uploads as it is).
    func fitResult(_ image: DecodedImage, to fitted: PixelSize) throws(DecodeFailure.Reason) -> DecodedImage {
        do { return try image.fitted(to: fitted, shared: sharesPixels) } catch {
            throw .processingFailed(error.description)
        }
    }

    /// `image` converted in place from `colour` to the output profile when colour is managed.
    func managed(_ image: DecodedImage, from colour: EmbeddedColour?) -> DecodedImage {
        managesColour ? image.managed(from: colour, to: outputProfile) : image
    }

    /// Decodes the JPEG in `bytes` (a file, or a RAW's preview) through TurboJPEG, turned by `orientation` (nil: its
    /// EXIF tag), fitted inside `box` or, with a `region`, that region of it.
    func decodeJPEG(
        _ bytes: [UInt8], orientation: ExifOrientation?, fitting box: PixelSize, region: PixelRect?
    ) throws(DecodeFailure.Reason) -> DecodedImage {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(DecodeFailure.Reason) -> DecodedImage in
                var jpeg = JPEGDecoder(bytes: buffer, orientation: orientation)
                let colour = managesColour ? EmbeddedColour.read(jpeg: buffer) : nil
                jpeg.cmykColour = colour.map { ($0, outputProfile) }
                if let region {
                    // A CMYK region is converted naively by CFormatDecoding: its RGB result has no profile to apply.
                    let (part, isCMYK) = try decodeRegion(of: jpeg, fitting: box, region: region)
                    return isCMYK ? part : managed(part, from: colour)
                }
                let plan = try jpeg.plan(fitting: box, accepts: accepts)
                // Fitted from the stored size, not the scaled one, so rounding matches a full-size decode.
                let fitted = shownSize(of: plan.orientation.upright(plan.storedSize), in: box)
                let estimate = buffer.count + plan.peakBytes + 2 * 4 * fitted.area
                return try withReservation(estimate) { () throws(DecodeFailure.Reason) in
                    // CMYK went through its profile while decoded.
                    managed(try fitResult(try jpeg.decode(plan), to: fitted), from: plan.isCMYK ? nil : colour)
                }
            }
        }.get()
    }

    /// A camera RAW file's embedded JPEG preview, turned by the RAW's flip, through the same guard and JPEG path as a
    /// JPEG file: the preview's own header is checked against the limits before it is decoded. The file's bytes are
    /// held (and reserved) only while LibRaw finds the preview.
    func decodeRAWPreview(
        _ file: ImageFile, fitting box: PixelSize, region: PixelRect?
    ) throws(DecodeFailure.Reason) -> DecodedImage {
        guard file.stamp.byteCount <= Self.maximumFileBytes else {
            throw .corrupt(format: "camera RAW", detail: "the file is over \(Self.maximumFileBytes >> 20) MB")
        }
        var preview: RAWPreview?
        let reserved = 2 * file.stamp.byteCount
        guard budget.reserve(reserved) else { throw .processingFailed("the gallery is shutting down") }
        do {
            defer { budget.release(reserved) }
            let bytes = try file.contents()
            preview = try bytes.withUnsafeBytes { buffer in
                Result { () throws(DecodeFailure.Reason) -> RAWPreview in try RAWPreview(bytes: buffer) }
            }.get()
        }
        guard let preview else { throw .corrupt(format: "camera RAW", detail: "no preview") }
        let header = ImageHeader.read(bytes: preview.jpeg)
        guard header.format == .jpeg, let size = header.size, size.width > 0, size.height > 0 else {
            throw .corrupt(format: "camera RAW", detail: "the preview is not a readable JPEG")
        }
        guard size.area / 16 <= maximumPixelCount else { throw .tooLarge(size) }
        try checkPlausible(header, byteCount: preview.jpeg.count) { offset, count in
            guard offset >= 0, offset < preview.jpeg.count, count > 0 else { return [] }
            return Array(preview.jpeg[offset..<min(offset + count, preview.jpeg.count)])
        }
        return try decodeJPEG(preview.jpeg, orientation: preview.orientation, fitting: box, region: region)
    }

    /// `region` of the JPEG fitted inside `box`: only the region's rows and iMCU columns are decoded, at the smallest
    /// DCT scale that covers the fitted size, turned upright and scaled to the region's size. The whole decode holds
    /// its bytes of the budget, including a progressive file's coefficients (which libjpeg may not exceed).
    func decodeRegion(
        of jpeg: JPEGDecoder, fitting box: PixelSize, region: PixelRect
    ) throws(DecodeFailure.Reason) -> (DecodedImage, isCMYK: Bool) {
        // Any scale will do here: what is decoded is the region, checked below.
        let plan = try jpeg.plan(fitting: box, accepts: { _ in true })
        let fitted = box
        guard let part = Self.clip(region, to: fitted) else { throw .processingFailed("the region lies outside") }
        let scaled = JPEGRegion(plan: plan, fitted: fitted, part: part)
        guard accepts(scaled.decoded.size) else { throw .tooLarge(scaled.decoded.size) }
        let workingBytes = jpeg.coefficientBytes(plan) + JPEGRegion.workingBytes
        guard workingBytes < budget.totalBytes else { throw .tooLarge(plan.storedSize) }
        let estimate = jpeg.bytes.count + workingBytes + 2 * 4 * scaled.decoded.size.area + 3 * 4 * part.size.area
        guard budget.reserve(estimate) else { throw .processingFailed("the gallery is shutting down") }
        defer { budget.release(estimate) }
        let result = try fitResult(try scaled.decode(jpeg, maximumWorkingBytes: workingBytes), to: part.size)
        return (result, plan.isCMYK)
    }
}
