import Glibc
import ImageLoader
import Imaging
import Support

/// Turns a page source into a picture of exactly the size the page is drawn at. Safe on any thread.
///
/// Files are opened safely (`ImageFile`), their header read and checked against the limits before any decoder
/// allocates (`ImageHeader`), and each decode reserves its memory from a `DecodeBudget` shared by every copy of the
/// decoder. JPEG goes through TurboJPEG at a reduced DCT scale (`JPEGDecoder`), HEIF and AVIF through libheif
/// (`HEIFDecoder`), JPEG XL through libjxl (`JXLDecoder`), SVG drawn by librsvg at the size shown (`SVGDecoder`),
/// camera RAW as its embedded JPEG preview (`RAWPreview`), the
/// other formats through their SDL_image loader (`ImageLoader`), called directly so the loader always matches the
/// checked header. The result is a `PixelBuffer` in ARGB8888, upright, scaled with linear filtering to the largest
/// aspect-preserving size inside the box (at least 1×1), so drawing it is a 1:1 copy. Call `ImageLoader.prepare()`
/// before decoding on workers. Embedded colour profiles are converted to the output profile after the fit (`+ColourManagement`).
/// Files are never written.
public struct ImageDecoder: Sendable {
    /// The longest side a decode may allocate, in pixels; larger images fail with `.tooLarge`.
    public var maximumSide: Int
    /// The most pixels a decode may allocate (width · height); larger images fail with `.tooLarge` (JPEG decodes at a
    /// reduced scale instead, down to 1/8, for files up to 16 times the limit).
    public var maximumPixelCount: Int
    /// The memory all decodes share; a decode waits for its bytes before it allocates.
    public let budget: DecodeBudget

    /// Largest file read into memory: far beyond any real photo, small beside the pixels a decode is allowed.
    static let maximumFileBytes = 256 << 20

    /// A decoder refusing images over `maximumSide` pixels a side or over `maximumPixelCount` pixels (defaults:
    /// 16384 px and 100 MP), sharing `budget` (default 512 MB) between the threads that use it.
    public init(maximumSide: Int = 16_384, maximumPixelCount: Int = 100_000_000, budget: DecodeBudget = DecodeBudget())
    {
        self.maximumSide = maximumSide
        self.maximumPixelCount = maximumPixelCount
        self.budget = budget
    }

    /// Whether embedded colour profiles are honoured (`--no-color-management` turns it off to compare).
    public var managesColour = true
    /// The output profile (the display's, `DisplayProfile`) as ICC bytes; nil: sRGB.
    public var outputProfile: [UInt8]?

    /// Whether a picture smaller than its box is enlarged to fit it (otherwise it is shown at most at 100 %).
    public var upscales = true

    /// Whether a still picture's fitted pixels are made in shared memory (`PixelStorage.allocateShared`): a decoder
    /// process's, which it sends to the viewer without copying them.
    public var sharesPixels = false

    /// The size a picture of `size` is shown at in `box`: fitted, but not enlarged unless `upscales`.
    func shownSize(of size: PixelSize, in box: PixelSize) -> PixelSize {
        let fitted = size.fitted(inside: box)
        return upscales || fitted.width <= size.width ? fitted : size
    }

    /// The picture of `source`, fitted inside `box`, or why it cannot be shown.
    public func decode(_ source: PageSource, fitting box: PixelSize) throws(DecodeFailure) -> DecodedPicture {
        try decode(source, fitting: box, region: nil)
    }

    /// The picture of `source` fitted inside `box` when `region` is nil; otherwise the part `region` (clipped) of the
    /// picture scaled to exactly `box` (a zoomed photo is drawn stretched to its rounded size, and its sharp region
    /// must line up with that): a zoomed photo's visible part, at the size it is drawn, without ever holding the whole
    /// picture at that size (JPEG decodes only the region's rows and columns, see `JPEGRegion`).
    ///
    /// With `animated` (a page, not a thumbnail or a zoom's detail) an animated GIF or WebP comes with a stream of its
    /// frames, decoded as they fall due (`DecodedPicture.animation`, `+Animation`); otherwise as its first frame.
    public func decode(_ source: PageSource, fitting box: PixelSize, region: PixelRect?, animated: Bool = false)
        throws(DecodeFailure) -> DecodedPicture
    {
        switch source {
        case .file(let path):
            do {
                return try decodeChecked(path: path, fitting: box, region: region, animated: animated)
            } catch {
                throw DecodeFailure(source: source, reason: error)
            }
        case .synthetic(let index, let count):
            return try SyntheticPage.picture(source, index: index, count: count, fitting: box, region: region)
        }
    }

    /// `region` within a picture of `size`, or nil when nothing of it lies inside.
    package static func clip(_ region: PixelRect, to size: PixelSize) -> PixelRect? { region.clipped(to: size) }

    /// Opens the file safely, checks its header against the limits, reserves memory, decodes and fits (the whole
    /// picture, or `region` of it).
    private func decodeChecked(
        path: String, fitting box: PixelSize, region: PixelRect?, animated: Bool
    ) throws(DecodeFailure.Reason) -> DecodedPicture {
        let file = try ImageFile(path: path)
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let header = ImageHeader.read({ file.read(at: $0, count: $1) }, fileExtension: fileExtension)
        guard let format = header.format else { throw .unrecognisedFormat }
        if format == .raw {
            return DecodedPicture(try decodeRAWPreview(file, fitting: box, region: region))
        }
        if format == .svg {
            return DecodedPicture(try decodeSVG(file, fitting: box, region: region))
        }
        guard let size = header.size else {
            if let claim = header.unusableSize, claim.width > 0, claim.height > 0 { throw .tooLarge(claim) }
            throw .corrupt(format: format.rawValue, detail: "the header states no image size")
        }
        guard file.stamp.byteCount <= Self.maximumFileBytes else { throw .tooLarge(size) }
        if format == .jpeg {
            guard size.area / 16 <= maximumPixelCount else { throw .tooLarge(size) }
            try checkPlausible(header, byteCount: file.stamp.byteCount, { file.read(at: $0, count: $1) })
            return DecodedPicture(try decodeJPEG(try file.contents(), orientation: nil, fitting: box, region: region))
        }
        guard accepts(size) else { throw .tooLarge(size) }
        try checkPlausible(header, byteCount: file.stamp.byteCount, { file.read(at: $0, count: $1) })
        var animationNote: String?
        if format.mayAnimate, animated, region == nil {
            switch try decodeAnimation(
                format, file, path: path, header: header, fileExtension: fileExtension, fitting: box)
            {
            case .animation(let first): return first
            case .still: break
            case .firstFrameOnly(let note): animationNote = note
            }
        }
        // The loader's pixels, a converted copy and the fitted result with its halvings (or the region's crop).
        let shown = region.map { $0.size } ?? shownSize(of: size, in: box)
        let estimate = file.stamp.byteCount + Self.workingBytesPerPixel(format) * size.area + 3 * 4 * shown.area
        guard AddressSpace.hasRoom(for: estimate) else { throw .tooLarge(size) }
        let still = try withReservation(estimate) { () throws(DecodeFailure.Reason) in
            let bytes = try file.contents()
            // The file may have been rewritten in place since its header was checked: check what will be decoded.
            guard ImageHeader.read(bytes: bytes, fileExtension: fileExtension) == header else {
                throw .unreadable("the file changed while it was read")
            }
            let (image, colour) = try bytes.withUnsafeBytes { buffer in
                Result { () throws(DecodeFailure.Reason) -> (DecodedImage, EmbeddedColour?) in
                    try decodeWhole(format, buffer, file: bytes, region: region, fitting: box)
                }
            }.get()
            let size = image.pixels.size
            guard accepts(size) else { throw .tooLarge(size) }
            guard let region else {
                return managed(try fitResult(image, to: shownSize(of: size, in: box)), from: colour)
            }
            let fitted = box
            guard let part = Self.clip(region, to: fitted) else { throw .processingFailed("the region lies outside") }
            // The image pixels under the region, widened to whole pixels, then scaled to the region's size.
            let source = Self.covering(part, of: fitted, in: size)
            let crop: PixelBuffer
            do throws(PixelBufferError) { crop = try image.pixels.cropped(to: source) } catch {
                throw .processingFailed(error.description)
            }
            let cropped = DecodedImage(pixels: crop, damageNote: image.damageNote)
            return managed(try fitResult(cropped, to: part.size), from: colour)
        }
        var picture = DecodedPicture(still)
        picture.animationNote = animationNote
        return picture
    }

    /// The whole picture in `buffer` (the bytes of a file of `format`, checked), upright, with the colour it states when managed.
    private func decodeWhole(
        _ format: ImageHeader.Format, _ buffer: UnsafeRawBufferPointer, file bytes: [UInt8], region: PixelRect?,
        fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> (DecodedImage, EmbeddedColour?) {
        if format == .tga, TGAAttributes.isRightToLeft(buffer) {
            // Decoded as stored left to right (the bit cleared in a copy), then mirrored back.
            var cleared = Array(buffer)
            cleared[17] &= ~0x10
            let (image, colour) = try cleared.withUnsafeBytes { fixed in
                Result { () throws(DecodeFailure.Reason) in
                    try decodeWhole(format, fixed, file: cleared, region: region, fitting: box)
                }
            }.get()
            return (try oriented(image, .mirrored), colour)
        }
        switch format {
        case .heif, .avif:
            let (image, colour) = try HEIFDecoder(bytes: buffer, maximumSide: maximumSide)
                .decodeWithColour(fitting: region == nil ? box : nil, accepts: accepts)
            return (image, colour)
        case .jxl:
            let (image, colour) = try JXLDecoder(bytes: buffer).decodeWithColour(accepts: accepts)
            return (image, colour)
        case .webp where WebPScan(bytes: buffer)?.isAnimated == true:
            // SDL_image cannot decode an animated WebP: its first frame, composited by libwebp.
            var first: PixelBuffer?
            try WebPAnimation(bytes: buffer).decode(limit: 1) { frame, _ throws(DecodeFailure.Reason) in first = frame }
            if let first {
                let upright = try oriented(DecodedImage(pixels: first), ExifOrientation.read(webp: buffer))
                return (upright, embeddedColour(.webp, buffer))
            }
        case .pnm:
            let pnm = PNMDecoder(bytes: buffer)
            if let header = pnm.wideHeader { return (try pnm.decode(header), nil) }
        case .tiff:
            // The kinds libtiff's RGBA interface (SDL_image's reading) refuses or shows wrongly; every other TIFF below.
            let stated = ImageHeader.read(bytes: bytes, fileExtension: "tif").size
            if let image = try TIFFDecoder(bytes: buffer).decodeIfNeeded(stated: stated, accepts: accepts) {
                return (image, nil)
            }
        case .tga where TGAGreyAlphaDecoder(bytes: buffer).isGreyAlpha:
            return (try TGAGreyAlphaDecoder(bytes: buffer).decode(), nil)
        case .png where PNGLayout.isPlain(buffer):
            let pixels = try PNGDecoder(bytes: buffer).decode()
            return (try oriented(DecodedImage(pixels: pixels), ExifOrientation.read(png: buffer)), nil)
        default:
            break
        }
        if format == .bmp, let repaired = BMPRepair.repaired(buffer) {
            return try repaired.withUnsafeBytes { fixed in
                Result { () throws(DecodeFailure.Reason) in
                    try decodeWhole(format, fixed, file: repaired, region: region, fitting: box)
                }
            }.get()
        }
        var pixels = try ImageLoader.load(format, buffer)
        let colour = embeddedColour(format, buffer)
        if format == .tiff, TIFFAlpha.hasAlpha(buffer) { TIFFAlpha.unpremultiply(pixels) }
        if format == .tga, !TGAAttributes.statesAlpha(buffer) { pixels = TGAAttributes.opaque(pixels) }
        let orientation: ExifOrientation =
            switch format {
            case .webp: ExifOrientation.read(webp: buffer)
            case .png: ExifOrientation.read(png: buffer)
            default: .up
            }
        return (try oriented(DecodedImage(pixels: pixels), orientation), colour)
    }

    /// `image` turned upright by `orientation`, keeping its damage note.
    func oriented(_ image: DecodedImage, _ orientation: ExifOrientation) throws(DecodeFailure.Reason) -> DecodedImage {
        do { return DecodedImage(pixels: try image.pixels.oriented(orientation), damageNote: image.damageNote) } catch {
            throw .processingFailed(error.description)
        }
    }

    /// Bytes a decode holds per stored pixel besides the fitted result: SDL_image's pixels and a converted copy;
    /// libheif's YUV planes (16-bit at 10 and 12 bits), its RGBA image and the surface copy; libjxl's float planes, its
    /// RGBA buffer and the surface copy.
    static func workingBytesPerPixel(_ format: ImageHeader.Format) -> Int {
        switch format {
        case .heif, .avif: 16
        case .jxl: 24
        default: 8
        }
    }

    /// The rectangle of a picture of `size` under `part` of it scaled to `fitted`, widened to whole pixels.
    static func covering(_ part: PixelRect, of fitted: PixelSize, in size: PixelSize) -> PixelRect {
        let left = part.x * size.width / fitted.width
        let top = part.y * size.height / fitted.height
        let right = min(((part.x + part.width) * size.width + fitted.width - 1) / fitted.width, size.width)
        let bottom = min(((part.y + part.height) * size.height + fitted.height - 1) / fitted.height, size.height)
        return PixelRect(x: left, y: top, width: max(right - left, 1), height: max(bottom - top, 1))
    }

    /// Refuses, before anything is allocated, a file too short to hold the pixels its header claims (as damaged: its
    /// loader would allocate the claim and show black).
    func checkPlausible(
        _ header: ImageHeader, byteCount: Int, _ read: ImageHeader.Reader
    ) throws(DecodeFailure.Reason) {
        if let reason = ImageHeader.implausibility(of: header, byteCount: byteCount, read),
            let format = header.format
        {
            throw .corrupt(format: format.rawValue, detail: reason)
        }
    }

    /// Runs `body` holding `bytes` of the budget.
    func withReservation(
        _ bytes: Int, _ body: () throws(DecodeFailure.Reason) -> DecodedImage
    ) throws(DecodeFailure.Reason) -> DecodedImage {
        guard budget.reserve(bytes) else { throw .processingFailed("the gallery is shutting down") }
        defer { budget.release(bytes) }
        return try body()
    }

    /// Whether an image of `size` is within the limits.
    func accepts(_ size: PixelSize) -> Bool {
        size.width <= maximumSide && size.height <= maximumSide && size.area <= maximumPixelCount
    }
}
