import Glibc
import Support

/// Makes the wheel's thumbnails on a decode thread, through the desktop's shared cache when there is one
/// (`ThumbnailCache`): a valid cached thumbnail is decoded instead of the photo; otherwise the photo is decoded at the
/// standard's size (never enlarged, in sRGB, as other programs expect), written to the cache, and the written
/// thumbnail is what is shown, so a cold and a warm start draw the same pixels. A photo that fails to decode gets a
/// fail entry, and is not tried again while it is unchanged.
///
/// The cache's folders are examined and written here, in the viewer; a cached PNG's facts (`ThumbnailFacts`: its size
/// and texts) are read by `decoder`, and the photo, or the cached PNG, is decoded by it (in the
/// viewer, a decoder process, which is handed the file open read-only), and so is the PNG that is written: the decoder
/// process encodes it (`PictureDecoding.thumbnailPNG`), so the viewer needs no PNG encoder of a format library's.
package struct ThumbnailMaker<Decoder: PictureDecoding>: Sendable {
    /// Decodes what is shown (the display's profile, the options' limits).
    let decoder: Decoder
    /// The shared cache, or nil (`--no-thumbnail-cache`: no reads, no writes).
    let cache: ThumbnailCache?
    /// Relative photo paths are made absolute against this folder for their URIs.
    let workingDirectory: String

    /// A maker decoding with `decoder` through `cache`, resolving relative paths against the current folder.
    package init(decoder: Decoder, cache: ThumbnailCache?) {
        self.decoder = decoder
        self.cache = cache
        workingDirectory = Self.currentFolder()
    }

    /// The thumbnail `request` asks for, fitted inside its box.
    package func thumbnail(_ request: DecodeRequest) throws(DecodeFailure) -> DecodedPicture {
        guard let cache, case .file(let path) = request.source, let stamp = FileStamp.current(atPath: path) else {
            return try decoder.decode(request.source, fitting: request.box)
        }
        let key = ThumbnailKey(
            path: path, workingDirectory: workingDirectory,
            modifiedSeconds: Self.wholeSeconds(nanoseconds: stamp.modifiedNanoseconds), byteCount: stamp.byteCount)
        let needed = max(request.box.width, request.box.height)
        if let found = cache.lookup(key, needed: needed, facts: decoder.thumbnailFacts(ofFileAt:)),
            let picture = try? decoder.decode(.file(path: found.path), fitting: request.box)
        {
            return picture
        }
        if cache.hasFailure(key, facts: decoder.thumbnailFacts(ofFileAt:)) {
            throw DecodeFailure(
                source: request.source, reason: .unreadable("it failed before (a thumbnail cache fail entry)"))
        }
        let flavour = ThumbnailFlavour.forWriting(needed: needed)
        let png: [UInt8]?
        do {
            png = try decoder.thumbnailPNG(of: request.source, side: flavour.side)
        } catch {
            if Self.isLasting(error.reason) { cache.storeFailure(for: key) }
            throw error
        }
        if let png, let written = cache.store(png, for: key, flavour: flavour),
            let shown = try? decoder.decode(.file(path: written), fitting: request.box)
        {
            return shown
        }
        // Not written (the budget spent, a refused or full folder): the photo as it would be without a cache.
        return try decoder.decode(request.source, fitting: request.box)
    }

    /// Whether a failure lies in the file's content, so trying again before it changes is pointless (a missing or
    /// unreadable file, or one over this run's limits, may do better next time).
    static func isLasting(_ reason: DecodeFailure.Reason) -> Bool {
        switch reason {
        case .emptyFile, .unrecognisedFormat, .corrupt: true
        default: false
        }
    }

    /// Whole seconds of a time in nanoseconds, rounded down (also before 1970).
    static func wholeSeconds(nanoseconds: Int) -> Int {
        nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : -((-nanoseconds + 999_999_999) / 1_000_000_000)
    }

    private static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "/" }
        defer { free(folder) }
        return String(cString: folder)
    }
}
