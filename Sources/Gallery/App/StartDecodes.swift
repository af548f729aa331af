import GalleryCore
import GalleryScene
import Imaging
import PagerEngine
import Support

/// The decodes a window's start asks for before the window exists, while SDL starts: the first page at its size, or
/// the grid's first screen of thumbnails, computed once on the thread that lists the photos and kept in the opened
/// library, so the gallery adopts the very requests submitted.
package enum StartDecodes {
    /// Lists the photos with `open` on a thread of its own, which then asks for the start's first decodes, computed
    /// once into the opened library: the first page at its size in a window of `size` (`headStart`) from `worker`,
    /// and, when `thumbnails` are given, the grid's first screen (`thumbnailHeadStart`) from their worker.
    package static func opening(
        _ open: @escaping @Sendable () throws -> OpenedLibrary, size: ViewportSize, worker: DecodeWorker,
        thumbnails: (worker: DecodeWorker, cache: ThumbnailCache?, configuration: PagerConfiguration)?
    ) -> LibraryOpening {
        // The size the first page is drawn at if the window gets the size asked for (else the head start is dropped).
        let box = GalleryController.pageBox(for: PixelSize(width: size.width, height: size.height))
        return LibraryOpening {
            var opened = try open()
            opened.headStart = headStart(for: opened, box: box)
            if let thumbnails {
                opened.thumbnailHeadStart = thumbnailHeadStart(
                    for: opened, size: size, configuration: thumbnails.configuration)
            }
            return opened
        } then: { opened in
            if let request = opened.headStart { worker.submit(request) }
            guard let thumbnails, !opened.thumbnailHeadStart.isEmpty else { return }
            // The cache never writes into a folder the photos come from: protected before the first thumbnail.
            thumbnails.cache?.protect(opened.library.photoFolders)
            for request in opened.thumbnailHeadStart { thumbnails.worker.submit(request) }
        }
    }

    /// The first photo's decode, at `box`, submitted while SDL starts; nil where the start shows no page (the wheel
    /// and the grid show thumbnails first, an empty library nothing). Computed once, on the thread that opened the
    /// library, and kept in the opened library, so the gallery adopts the very request submitted.
    package static func headStart(for opened: OpenedLibrary, box: PixelSize) -> DecodeRequest? {
        guard !opened.mode.showsThumbnailsFirst, opened.library.count > 0 else { return nil }
        // Every arrangement opens with page p showing photo p (the feed too: its first pages are the opened photos).
        let photo = PhotoID(opened.startPage)
        return DecodeRequest(
            photo: photo, source: opened.library.source(forPhoto: photo), box: box, generation: 0, purpose: .page)
    }

    /// The grid's first screen of thumbnails, most urgent first, at its cell size, submitted while SDL starts; empty
    /// unless the start shows the grid at scale 1 in a window of `size`. The same requests the gallery's first
    /// `GalleryModel.gridWants` makes (a model is made here as the gallery will make it: `gridFirstThumbnails`), so it can adopt them; a
    /// desktop scale other than 1 asks at another size, and the gallery then asks again.
    package static func thumbnailHeadStart(
        for opened: OpenedLibrary, size: ViewportSize, configuration: PagerConfiguration
    ) -> [DecodeRequest] {
        guard opened.mode == .grid, opened.library.count > 0 else { return [] }
        let model = GalleryModel(
            photoCount: opened.library.count, mode: .grid, startPage: opened.startPage,
            viewport: Viewport(width: Double(size.width), height: Double(size.height)), configuration: configuration)
        guard let first = model.gridFirstThumbnails else { return [] }
        let box = PixelSize(width: first.cellSide, height: first.cellSide)
        return first.photos.map { photo in
            DecodeRequest(photo: photo, source: opened.library.source(forPhoto: photo), box: box, generation: 0)
        }
    }
}

extension GalleryMode {
    /// Whether the mode opens on thumbnails rather than a page.
    var showsThumbnailsFirst: Bool { self == .wheel || self == .grid }
}
