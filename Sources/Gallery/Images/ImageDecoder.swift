import CSDL2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a page source into a surface of exactly the size the page is drawn at. Safe on any thread.
///
/// Files are opened safely (`ImageFile`), their header read and checked against the limits before any decoder
/// allocates (`ImageHeader`), and each decode reserves its memory from a `DecodeBudget` shared by every copy of the
/// decoder. JPEG goes through TurboJPEG at a reduced DCT scale (`JPEGDecoder`), the other formats through their
/// SDL_image loader, called directly so the loader always matches the checked header. The result is in
/// `Surface.pixelFormat`, upright, scaled with linear filtering to the largest aspect-preserving size inside the box
/// (at least 1×1), so drawing it is a 1:1 copy. Call `IMG_Init` (via `SDLSession`) on the main thread before decoding
/// on workers. Files are never written.
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
    public init(maximumSide: Int = 16_384, maximumPixelCount: Int = 100_000_000, budget: DecodeBudget = DecodeBudget()) {
        self.maximumSide = maximumSide
        self.maximumPixelCount = maximumPixelCount
        self.budget = budget
    }

    /// Whether a picture smaller than its box is enlarged to fit it (otherwise it is shown at most at 100 %).
    public var upscales = true

    /// The size a picture of `size` is shown at in `box`: fitted, but not enlarged unless `upscales`.
    func shownSize(of size: PixelSize, in box: PixelSize) -> PixelSize {
        let fitted = size.fitted(inside: box)
        return upscales || fitted.width <= size.width ? fitted : size
    }

    /// The picture of `source`, fitted inside `box`, or why it cannot be shown.
    public func decode(_ source: PageSource, fitting box: PixelSize) throws(DecodeFailure) -> Surface {
        switch source {
        case .file(let path):
            return try decodeFile(at: path, fitting: box)
        case .synthetic(let index, let count):
            guard count > 0, (0..<count).contains(index) else {
                throw DecodeFailure(source: source, reason: .invalidSyntheticPage(index: index, count: count))
            }
            do {
                return try SyntheticPage(index: index, count: count).render(fitting: box)
            } catch {
                throw DecodeFailure(source: source, reason: .processingFailed(error.message))
            }
        }
    }

    /// Opens the file safely, checks its header against the limits, reserves memory, decodes and fits.
    private func decodeFile(at path: String, fitting box: PixelSize) throws(DecodeFailure) -> Surface {
        do {
            return try decodeChecked(path: path, fitting: box)
        } catch {
            throw DecodeFailure(source: .file(path: path), reason: error)
        }
    }

    private func decodeChecked(path: String, fitting box: PixelSize) throws(DecodeFailure.Reason) -> Surface {
        let file = try ImageFile(path: path)
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let header = ImageHeader.read({ file.read(at: $0, count: $1) }, fileExtension: fileExtension)
        guard let format = header.format else { throw .unrecognisedFormat }
        guard let size = header.size, size.width > 0, size.height > 0 else {
            throw .corrupt(format: format.rawValue, detail: "the header states no image size")
        }
        guard file.stamp.byteCount <= Self.maximumFileBytes else { throw .tooLarge(size) }
        if format == .jpeg {
            guard size.area / 16 <= maximumPixelCount else { throw .tooLarge(size) }
            try checkPlausible(header, file: file)
            let bytes = try file.contents()
            return try bytes.withUnsafeBytes { buffer in
                Result { () throws(DecodeFailure.Reason) -> Surface in
                    let jpeg = JPEGDecoder(bytes: buffer)
                    let plan = try jpeg.plan(fitting: box, accepts: accepts)
                    // Fitted from the stored size, not the scaled one, so rounding matches a full-size decode.
                    let fitted = shownSize(of: plan.orientation.upright(plan.storedSize), in: box)
                    let estimate = buffer.count + plan.peakBytes + 2 * 4 * fitted.area
                    return try withReservation(estimate) { () throws(DecodeFailure.Reason) in
                        try fit(try jpeg.decode(plan), to: fitted)
                    }
                }
            }.get()
        }
        guard accepts(size) else { throw .tooLarge(size) }
        try checkPlausible(header, file: file)
        // The loader's pixels, a converted copy and the fitted result with its halvings.
        let estimate = file.stamp.byteCount + 2 * 4 * size.area + 2 * 4 * shownSize(of: size, in: box).area
        return try withReservation(estimate) { () throws(DecodeFailure.Reason) in
            let bytes = try file.contents()
            // The file may have been rewritten in place since its header was checked: check what will be decoded.
            guard ImageHeader.read(bytes: bytes, fileExtension: fileExtension) == header else {
                throw .unreadable("the file changed while it was read")
            }
            let image = try bytes.withUnsafeBytes { buffer in
                Result { () throws(DecodeFailure.Reason) -> Surface in
                    guard let stream = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
                        throw .processingFailed(String(cString: SDL_GetError()))
                    }
                    defer { SDL_RWclose(stream) }
                    guard let loaded = Self.load(format, from: stream) else {
                        throw .corrupt(format: format.rawValue, detail: String(cString: gallery_IMG_GetError()))
                    }
                    let surface = Surface(taking: loaded)
                    guard format == .png, let png = PNGTransparency(bytes: bytes) else { return surface }
                    do throws(SDLError) { return try png.repaired(surface) } catch { throw .processingFailed(error.message) }
                }
            }.get()
            guard accepts(image.size) else { throw .tooLarge(image.size) }
            return try fit(image, to: shownSize(of: image.size, in: box))
        }
    }

    /// Refuses, before anything is allocated, a file too short to hold the pixels its header claims (as damaged: its
    /// loader would allocate the claim and show black).
    private func checkPlausible(_ header: ImageHeader, file: ImageFile) throws(DecodeFailure.Reason) {
        if let reason = ImageHeader.implausibility(
            of: header, byteCount: file.stamp.byteCount, { file.read(at: $0, count: $1) }),
            let format = header.format
        {
            throw .corrupt(format: format.rawValue, detail: reason)
        }
    }

    /// Runs `body` holding `bytes` of the budget.
    private func withReservation(
        _ bytes: Int, _ body: () throws(DecodeFailure.Reason) -> Surface
    ) throws(DecodeFailure.Reason) -> Surface {
        guard budget.reserve(bytes) else { throw .processingFailed("the gallery is shutting down") }
        defer { budget.release(bytes) }
        return try body()
    }

    /// `image` in the standard format, scaled to `fitted`, keeping its damage note.
    private func fit(_ image: Surface, to fitted: PixelSize) throws(DecodeFailure.Reason) -> Surface {
        do {
            let standard = image.hasStandardFormat ? image : try image.converted()
            let result = fitted == standard.size ? standard : try standard.scaled(to: fitted)
            result.damageNote = image.damageNote
            return result
        } catch {
            throw .processingFailed(error.message)
        }
    }

    /// The SDL_image loader of `format` (the one the header was checked for, whatever SDL_image would guess).
    private static func load(
        _ format: ImageHeader.Format, from stream: UnsafeMutablePointer<SDL_RWops>
    ) -> UnsafeMutablePointer<SDL_Surface>? {
        switch format {
        case .jpeg: IMG_LoadJPG_RW(stream)
        case .png: IMG_LoadPNG_RW(stream)
        case .gif: IMG_LoadGIF_RW(stream)
        case .bmp: IMG_LoadBMP_RW(stream)
        case .webp: IMG_LoadWEBP_RW(stream)
        case .tiff: IMG_LoadTIF_RW(stream)
        case .tga: IMG_LoadTGA_RW(stream)
        case .qoi: IMG_LoadQOI_RW(stream)
        case .pnm: IMG_LoadPNM_RW(stream)
        }
    }

    /// Whether an image of `size` is within the limits.
    private func accepts(_ size: PixelSize) -> Bool {
        size.width <= maximumSide && size.height <= maximumSide && size.area <= maximumPixelCount
    }
}
