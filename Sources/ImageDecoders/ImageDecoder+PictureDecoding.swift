import Imaging

/// The decoder on the calling thread as the gallery's workers use it: in the decoder process, and in tests, benchmarks
/// and the soak, which inject it where the viewer decodes in decoder processes.
extension ImageDecoder: PictureDecoding {
    /// A copy converting to `profile` (nil: sRGB).
    public func converting(to profile: [UInt8]?) -> ImageDecoder {
        var copy = self
        copy.outputProfile = profile
        return copy
    }

    /// The picture `request` asks for; a page comes with an animation's frames.
    public func decode(_ request: DecodeRequest) throws(DecodeFailure) -> DecodedPicture {
        try decode(request.source, fitting: request.box, region: request.region, animated: request.purpose != .picture)
    }

    /// A HEIF or AVIF page's embedded thumbnail, fitted (none for a region).
    public func preview(_ request: DecodeRequest) -> DecodedPicture? {
        request.region == nil ? preview(request.source, fitting: request.box) : nil
    }

    /// The picture fitted inside `side` × `side`, not enlarged, in sRGB, encoded as PNG over zlib (`PNGEncoder`): a
    /// decoder making the thumbnails of a folder of JPEGs loads no SDL_image.
    public func thumbnailPNG(of source: PageSource, side: Int) throws(DecodeFailure) -> [UInt8]? {
        var writer = self
        writer.upscales = false
        writer.outputProfile = nil
        let picture = try writer.decode(source, fitting: PixelSize(width: side, height: side))
        return try? PNGEncoder.png(of: picture.pixels, opaque: picture.isOpaque)
    }
}

extension ImageOptions {
    /// A decoder with these limits and its own budget (share it between all decode threads).
    public func makeDecoder() -> ImageDecoder {
        var decoder = ImageDecoder(
            maximumPixelCount: maximumPixelCount, budget: DecodeBudget(totalBytes: decodeBudgetBytes))
        decoder.upscales = upscales
        decoder.managesColour = managesColour
        decoder.outputProfile = outputProfile
        return decoder
    }
}
