import GalleryCore

/// Where each logical page's pixels come from: the photos, or generated pages for tests and benchmarks.
public struct PageLibrary: Sendable {
    /// The pages: those the gallery opened with, then the files a feed added.
    public private(set) var sources: [PageSource]

    /// A library of photo files, in the index's order.
    public init(photos: PhotoIndex) {
        sources = photos.photos.map { .file(path: $0.path) }
    }

    /// A library of `count` generated, numbered pages.
    public init(syntheticCount count: Int) {
        sources = (0..<max(count, 0)).map { .synthetic(index: $0, count: count) }
    }

    /// Adds a page (a file a feed brought) after the others; returns its index.
    public mutating func append(_ source: PageSource) -> Int {
        sources.append(source)
        return sources.count - 1
    }

    /// The number of pages.
    public var count: Int { sources.count }

    /// The source of a logical page; pages a feed appends past the originals cycle through them.
    public func source(forPage page: Int) -> PageSource {
        let base = sources[((page % count) + count) % count]
        if case .synthetic = base { return .synthetic(index: page, count: max(count, page + 1)) }
        return base
    }

    /// The name the title bar shows for a page.
    public func name(forPage page: Int) -> String { source(forPage: page).displayName }
}
