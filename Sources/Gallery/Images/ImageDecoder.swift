import CSDL2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a page source into a surface of exactly the size the page is drawn at. Safe on any thread.
///
/// Files are read with SDL_image and never written. The result is in `Surface.pixelFormat`, scaled with linear
/// filtering to the largest aspect-preserving size inside the box (at least 1×1), so drawing it is a 1:1 copy.
/// Call `IMG_Init` (via `SDLSession`) on the main thread before decoding on workers.
public struct ImageDecoder: Sendable {
    /// The longest side accepted, in pixels; larger images fail with `.tooLarge`.
    public var maximumSide: Int
    /// The most pixels accepted (width · height); larger images fail with `.tooLarge`.
    public var maximumPixelCount: Int

    /// A decoder refusing images over `maximumSide` pixels a side or over `maximumPixelCount` pixels
    /// (defaults: 16384 px, the largest texture most GPUs take, and 200 MP, 800 MB of ARGB pixels while decoding).
    public init(maximumSide: Int = 16_384, maximumPixelCount: Int = 200_000_000) {
        self.maximumSide = maximumSide
        self.maximumPixelCount = maximumPixelCount
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

    /// Checks the path, reads the header, refuses oversized images, decodes, normalises the format and fits.
    private func decodeFile(at path: String, fitting box: PixelSize) throws(DecodeFailure) -> Surface {
        let source = PageSource.file(path: path)
        func failure(_ reason: DecodeFailure.Reason) -> DecodeFailure {
            DecodeFailure(source: source, reason: reason)
        }

        var status = stat()
        guard stat(path, &status) == 0 else {
            throw failure(ImageDecoder.reason(forOpenError: errno))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure(.notAFile) }
        guard status.st_size > 0 else { throw failure(.emptyFile) }

        guard let stream = SDL_RWFromFile(path, "rb") else {
            // SDL_RWFromFile wraps fopen, which leaves errno set: the file may have vanished since stat.
            throw failure(ImageDecoder.reason(forOpenError: errno))
        }
        let header = ImageHeader.read(from: stream)
        if let size = header.size, !accepts(size) {
            SDL_RWclose(stream)
            throw failure(.tooLarge(size))
        }
        guard SDL_RWseek(stream, 0, RW_SEEK_SET) == 0 else {
            let reason = DecodeFailure.Reason.unreadable(String(cString: SDL_GetError()))
            SDL_RWclose(stream)
            throw failure(reason)
        }
        // The extension only helps formats without magic bytes (TGA); the others are recognised by content.
        let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
        guard let loaded = IMG_LoadTyped_RW(stream, 1, fileExtension) else {
            let detail = String(cString: gallery_IMG_GetError())
            throw failure(header.format.map { .corrupt(format: $0.rawValue, detail: detail) } ?? .unrecognisedFormat)
        }
        let image = Surface(taking: loaded)
        guard accepts(image.size) else { throw failure(.tooLarge(image.size)) }

        // EXIF orientation goes here, before fitting (SDL_image ignores it): ImageHeader reads the tag, and the
        // surface is rotated or flipped so that `fitted` sees the upright width and height.
        do {
            let standard = image.hasStandardFormat ? image : try image.converted()
            let fitted = standard.size.fitted(inside: box)
            return fitted == standard.size ? standard : try standard.scaled(to: fitted)
        } catch {
            throw failure(.processingFailed(error.message))
        }
    }

    /// Whether an image of `size` is within the limits.
    private func accepts(_ size: PixelSize) -> Bool {
        size.width <= maximumSide && size.height <= maximumSide && size.area <= maximumPixelCount
    }

    /// The failure reason for an `errno` from `stat` or `fopen`.
    private static func reason(forOpenError code: Int32) -> DecodeFailure.Reason {
        code == ENOENT || code == ENOTDIR ? .missingFile : .unreadable(String(cString: strerror(code)))
    }
}
