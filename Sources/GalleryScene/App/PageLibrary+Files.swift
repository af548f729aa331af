import GalleryCore
import Imaging

extension PageLibrary {
    /// Every photo's source in order, when the library is photo files (nil for generated pages): what a drop or a
    /// reload changes. Photos still being sorted are waited for.
    package var fileSources: [PageSource]? {
        switch pages {
        case .photos(let sources): return sources
        case .ordering(let order, let appended): return order.photos.map { .file(path: $0.path) } + appended
        case .synthetic: return nil
        }
    }

    /// A library of these sources, in order.
    package init(sources: [PageSource]) {
        self.init(
            photos: PhotoIndex(
                photos: sources.compactMap { source in
                    guard case .file(let path) = source else { return nil }
                    return PhotoEntry(path: path)
                }))
    }
}
