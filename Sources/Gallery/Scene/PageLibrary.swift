import GalleryCore

/// Where each logical page's pixels come from: the photos, or generated pages for tests and benchmarks.
public struct PageLibrary: Sendable {
    /// The pages behind a library: a list of photos, or a count of generated pages computed from their index.
    public enum Pages: Sendable {
        /// Photo files, in the index's order.
        case photos([PageSource])
        /// `count` generated, numbered pages; nothing is stored per page, so any count costs the same memory.
        case synthetic(count: Int)
    }

    /// The generated page counts accepted: up to `Int32.max`, which every pixel and slot computation holds.
    public static let syntheticCountRange = 1...Int(Int32.max)

    /// The pages the gallery opens with.
    public let pages: Pages

    /// A library of photo files, in the index's order.
    public init(photos: PhotoIndex) {
        pages = .photos(photos.photos.map { .file(path: $0.path) })
    }

    /// A library of `count` generated, numbered pages (negative counts are empty, counts past the range are cut to it).
    public init(syntheticCount count: Int) {
        pages = .synthetic(count: min(max(count, 0), Self.syntheticCountRange.upperBound))
    }

    /// The number of pages the gallery opens with.
    public var count: Int {
        switch pages {
        case .photos(let sources): sources.count
        case .synthetic(let count): count
        }
    }

    /// The source of a logical page; pages a feed appends past the originals cycle through the photos.
    public func source(forPage page: Int) -> PageSource {
        switch pages {
        case .photos(let sources):
            return sources[((page % sources.count) + sources.count) % sources.count]
        case .synthetic(let count):
            return .synthetic(index: page, count: max(count, page + 1))
        }
    }

    /// The name the title bar shows for a page.
    public func name(forPage page: Int) -> String { source(forPage: page).displayName }
}
