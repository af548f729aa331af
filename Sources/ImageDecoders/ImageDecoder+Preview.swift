import Imaging

extension ImageDecoder {
    /// A first picture of `source` for a page fitted inside `box`, to show while the full decode runs: a HEIF or AVIF
    /// file's embedded thumbnail, scaled to the size the page is drawn at and converted to the output colour as the
    /// full decode is. Nil when there is none to show (another format, no thumbnail, a thumbnail large enough that the
    /// full decode takes it at once, or any problem, which the full decode then reports).
    ///
    /// A 12 MP HEIC's 320-pixel thumbnail decodes in a few milliseconds; its primary image takes most of a second.
    public func preview(_ source: PageSource, fitting box: PixelSize) -> DecodedPicture? {
        guard case .file(let path) = source, Self.mayHavePreview(path: path), let file = try? ImageFile(path: path)
        else { return nil }
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let header = ImageHeader.read({ file.read(at: $0, count: $1) }, fileExtension: fileExtension)
        guard header.format == .heif || header.format == .avif, let size = header.size, accepts(size),
            file.stamp.byteCount <= Self.maximumFileBytes
        else { return nil }
        // The file's bytes, the thumbnail's pixels (far smaller than the page) and the fitted copy.
        let estimate = file.stamp.byteCount + 2 * 4 * box.area
        let image = try? withReservation(estimate) { () throws(DecodeFailure.Reason) -> DecodedImage in
            let bytes = try file.contents()
            guard ImageHeader.read(bytes: bytes, fileExtension: fileExtension) == header else {
                throw .unreadable("the file changed while it was read")
            }
            let preview = try bytes.withUnsafeBytes { buffer in
                Result { () throws(DecodeFailure.Reason) in
                    try HEIFDecoder(bytes: buffer, maximumSide: maximumSide).preview(fitting: box, accepts: accepts)
                }
            }.get()
            guard let preview else { throw .unrecognisedFormat }
            return managed(preview.image, from: preview.colour)
        }
        return image.map(DecodedPicture.init)
    }

    /// Whether the file at `path` is named as a HEIF or AVIF file, the formats with previews
    /// (`ImageHeader.mayHavePreview(path:)`).
    public static func mayHavePreview(path: String) -> Bool { ImageHeader.mayHavePreview(path: path) }
}
