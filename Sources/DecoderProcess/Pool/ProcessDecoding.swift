import Glibc
import Imaging
import Support

/// The viewer's side of decoding in decoder processes: it opens each photo itself (read-only, on its decode thread),
/// sends the descriptor to a `DecoderPool` process, and keeps the pixels that come back in shared memory where they
/// are: the picture's storage is the mapped memfd, which its texture is uploaded from. Generated pages read no file and
/// are made here (`SyntheticPage`).
public enum ProcessDecoding {
    /// The picture `request` asks for, decoded by a process of `pool`.
    public static func decode(_ request: DecodeRequest, pool: DecoderPool, budgetBytes: Int = 0) throws(DecodeFailure)
        -> DecodedPicture
    {
        if case .synthetic(let index, let count) = request.source {
            return try SyntheticPage.picture(
                request.source, index: index, count: count, fitting: request.box, region: request.region)
        }
        let message = DecoderRequest(
            boxWidth: Int32(clamping: request.box.width), boxHeight: Int32(clamping: request.box.height),
            region: request.region.map {
                [$0.x, $0.y, $0.width, $0.height].map { Int32(clamping: $0) }
            }, animated: request.purpose != .picture, budgetBytes: 0, cpuSeconds: 0, fileExtension: "")
        let (answer, file, format) = try exchange(message, for: request.source, pool: pool)
        guard let pixels = answer.pixels else {
            throw DecodeFailure(source: request.source, reason: .processingFailed("the decoder sent no pixels"))
        }
        let first = picture(pixels, notes: answer.reply.texts)
        // An animation's first frame: its other frames come from a process of its own as they fall due.
        // Only GIF, WebP, APNG and JPEG XL animate, as the header read for the request already says: other pages open
        // nothing more.
        guard message.animated, message.region == nil, first.animationNote == nil, format?.mayAnimate == true,
            case .file(let path) = request.source
        else { return first }
        return animated(
            first, file: file, format: format, path: path, box: request.box, pool: pool, budgetBytes: budgetBytes)
    }

    /// The PNG a thumbnail cache stores for `source`, fitted inside `side` × `side` (never enlarged, sRGB), decoded
    /// and encoded by a process of `pool`; nil when it decoded but could not be encoded.
    public static func thumbnailPNG(of source: PageSource, side: Int, pool: DecoderPool) throws(DecodeFailure)
        -> [UInt8]?
    {
        if case .synthetic = source {
            throw DecodeFailure(source: source, reason: .processingFailed("generated pages are not cached"))
        }
        var message = DecoderRequest(
            boxWidth: Int32(clamping: side), boxHeight: Int32(clamping: side), budgetBytes: 0, cpuSeconds: 0,
            fileExtension: "")
        message.thumbnailPNG = true
        return try exchange(message, for: source, pool: pool).answer.encoded
    }

    /// The details the information panel shows for the photo at `path`: its EXIF parsed by a process of `pool` (the
    /// viewer reads none of it: `PhotoDetailsRecord`), its file size from the viewer's own `fstat`; nil when it cannot
    /// be opened, and the file size alone when the decoder fails.
    public static func details(path: String, pool: DecoderPool) -> PhotoDetails? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let message = DecoderRequest(
            kind: .details, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "")
        let fileBytes = file.stamp.byteCount
        guard case .success(let answer) = pool.decode(descriptor: file.descriptor, request: message),
            let record = answer.encoded, let details = PhotoDetailsRecord.decoded(record, fileBytes: fileBytes)
        else { return PhotoDetails(fileBytes: fileBytes) }
        return details
    }

    /// `message` about the file of `source` (opened here, read-only) answered by a process of `pool`: a successful
    /// answer, or the failure it reports or the fault that stopped it.
    private static func exchange(_ message: DecoderRequest, for source: PageSource, pool: DecoderPool)
        throws(DecodeFailure) -> (answer: DecoderAnswer, file: ImageFile, format: ImageHeader.Format?)
    {
        guard case .file(let path) = source else {
            throw DecodeFailure(source: source, reason: .processingFailed("not a file"))
        }
        func failure(_ reason: DecodeFailure.Reason) -> DecodeFailure {
            DecodeFailure(source: source, reason: reason)
        }
        let file: ImageFile
        do throws(DecodeFailure.Reason) {
            file = try ImageFile(path: path)
        } catch {
            throw failure(error)
        }
        let fileExtension = Self.fileExtension(path)
        var message = message
        message.fileExtension = fileExtension
        // The header, read by a process (the viewer reads the signature alone), sets how long the decoder may take: a
        // file whose decode work dwarfs the picture it states is stopped in about a second. Its sides are at most
        // 2^24 each (`HeaderRecord`), so their area cannot overflow.
        let header = ProcessHeaders.header(of: file, fileExtension: fileExtension, pool: pool)
        var deadline = DecodeDeadline.seconds(statedPixels: header?.size?.area)
        if message.thumbnailPNG {
            // Its PNG is encoded in the same process, after the decode: the pixels it fits into the box more.
            let box = Int(message.boxWidth) * Int(message.boxHeight)
            deadline += DecodeDeadline.encodingSeconds(pixels: min(header?.size?.area ?? box, box))
        }
        // The libraries the process loads before its sandbox, if this is its first photo.
        message.libraries =
            header?.libraries
            ?? ProcessHeaders.guessedLibraries(signature: file.signature(), fileExtension: fileExtension)
        PhotoFileAccess.willAccess(path)
        // The pixels are kept: the process is told so, and writes its next reply into new memory.
        switch pool.decode(descriptor: file.descriptor, request: message, deadline: deadline) {
        case .failure(let fault): throw failure(.decoderStopped(fault.message))
        case .success(let answer):
            guard answer.reply.succeeded else {
                throw failure(DecodeFailureCode.decode(code: answer.reply.failureCode, texts: answer.reply.texts))
            }
            return (answer, file, header?.format)
        }
    }

    /// The first picture of a page `request` asks for (a HEIF thumbnail, fitted), from a process of `pool`; nil when
    /// the file has none. Asked only for names a HEIF or AVIF file has: other pages cost no extra round trip.
    public static func preview(_ request: DecodeRequest, pool: DecoderPool) -> DecodedPicture? {
        guard case .file(let path) = request.source, request.region == nil, ImageHeader.mayHavePreview(path: path),
            let file = try? ImageFile(path: path)
        else { return nil }
        let fileExtension = fileExtension(path)
        var message = DecoderRequest(
            boxWidth: Int32(clamping: request.box.width), boxHeight: Int32(clamping: request.box.height),
            budgetBytes: 0, cpuSeconds: 0, fileExtension: fileExtension)
        message.preview = true
        message.libraries = .heif
        // The page's own deadline: a grid bomb without a thumbnail costs its 1.2 s here too, not the pool's 10 s.
        let header = ProcessHeaders.header(of: file, fileExtension: fileExtension, pool: pool)
        let deadline = DecodeDeadline.seconds(statedPixels: header?.size?.area)
        guard
            case .success(let answer) = pool.decode(descriptor: file.descriptor, request: message, deadline: deadline),
            answer.reply.succeeded, let pixels = answer.pixels
        else { return nil }
        return picture(pixels, notes: answer.reply.texts)
    }

    /// The size the header of the file at `path` states, read by a process of `pool` (nil: none usable, or the file
    /// cannot be opened): the page's placeholder until its pixels come.
    public static func statedSize(ofFile path: String, pool: DecoderPool) -> PixelSize? {
        guard let file = try? ImageFile(path: path) else { return nil }
        return ProcessHeaders.header(of: file, fileExtension: fileExtension(path), pool: pool)?.size
    }

    /// The extension of the file named by `path`, lowercased ("" for a name without a dot).
    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        return name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
    }

    /// `pixels` with the notes a reply carries (damage, then animation; empty: none).
    static func picture(_ pixels: PixelBuffer, notes: [String]) -> DecodedPicture {
        DecodedPicture(
            pixels: pixels, damageNote: notes.first.flatMap { $0.isEmpty ? nil : $0 },
            animationNote: notes.count > 1 && !notes[1].isEmpty ? notes[1] : nil)
    }
}

extension ProcessDecoding {
    /// A pool of decoder processes (`gallery-decoder` beside the running executable) decoding within `options`'
    /// limits and budget: `initialCount` started now, up to `processCount` as decode threads ask for them.
    public static func makePool(options: ImageOptions, processCount: Int, initialCount: Int? = nil) -> DecoderPool {
        var configuration = poolConfiguration(options: options, processCount: processCount)
        configuration.initialCount = initialCount ?? processCount
        return DecoderPool(configuration)
    }

    /// The configuration of a pool of `processCount` processes decoding within `options`' limits.
    static func poolConfiguration(options: ImageOptions, processCount: Int) -> DecoderPool.Configuration {
        var configuration = DecoderPool.Configuration(
            executable: DecoderPool.besideViewer(), processCount: processCount,
            budgetBytes: UInt64(options.decodeBudgetBytes))
        // About what starting a process takes (its start and sandbox: 30–35 ms of the 37–50 ms first decode,
        // `gallery-bench decoder-hop`): a decode waits no longer for a busy one than a new one would need.
        configuration.growthWaitSeconds = 0.03
        configuration.decoderArguments = ["--max-pixels", String(options.maximumPixelCount)]
        if !options.upscales { configuration.decoderArguments.append("--no-upscale") }
        if !options.managesColour { configuration.decoderArguments.append("--no-color-management") }
        if let skipped = options.decoderTestSkippedLayers {
            configuration.testRequests = true
            configuration.decoderArguments += ["--test-skip-layers", skipped]
        }
        return configuration
    }
}

/// Decoding in the processes of a `DecoderPool`, as the gallery's workers and thumbnails ask for it: what the viewer
/// decodes with. Every copy shares the pool and one budget.
public struct ProcessPictureDecoder: PictureDecoding {
    /// The processes.
    public let pool: DecoderPool
    /// The memory budget the workers close at shutdown (the processes' own limits bound each decode).
    public let budget: DecodeBudget
    /// The output profile to set on the pool before each decode (`.some(nil)`: sRGB), or nil to leave it.
    private var profile: [UInt8]??

    /// Decodes in `pool`'s processes, sharing `budget` with the workers.
    public init(pool: DecoderPool, budget: DecodeBudget) {
        self.pool = pool
        self.budget = budget
    }

    /// A copy that sends `profile` to the processes before each decode (the pool sends each process a changed
    /// profile once, before its next decode).
    public func converting(to profile: [UInt8]?) -> ProcessPictureDecoder {
        var copy = self
        copy.profile = .some(profile)
        return copy
    }

    /// The picture `request` asks for, from a process.
    public func decode(_ request: DecodeRequest) throws(DecodeFailure) -> DecodedPicture {
        if case .some(let profile) = profile { pool.setOutputProfile(profile) }
        return try ProcessDecoding.decode(request, pool: pool, budgetBytes: budget.totalBytes)
    }

    /// A HEIF or AVIF page's embedded thumbnail, from a process.
    public func preview(_ request: DecodeRequest) -> DecodedPicture? {
        if case .some(let profile) = profile { pool.setOutputProfile(profile) }
        return ProcessDecoding.preview(request, pool: pool)
    }

    /// The size a photo's header states, read by a process.
    public func statedSize(ofFile path: String) -> PixelSize? {
        ProcessDecoding.statedSize(ofFile: path, pool: pool)
    }

    /// A cached thumbnail's facts, read by a process.
    public func thumbnailFacts(ofFileAt path: String) -> ThumbnailFacts? {
        ProcessDecoding.thumbnailFacts(ofFileAt: path, pool: pool)
    }

    /// A thumbnail cache's PNG, decoded and encoded by a process.
    public func thumbnailPNG(of source: PageSource, side: Int) throws(DecodeFailure) -> [UInt8]? {
        try ProcessDecoding.thumbnailPNG(of: source, side: side, pool: pool)
    }
}
