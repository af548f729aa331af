import GalleryCore
import Imaging
import Support

/// Where each photo's pixels come from: the photo files, or generated pages for tests and benchmarks.
public struct PageLibrary: Sendable {
    /// The pages behind a library: a list of photos, or a count of generated pages computed from their index.
    public enum Pages: Sendable {
        /// Photo files: those the gallery opened with, then the files a feed added.
        case photos([PageSource])
        /// Photo files still being sorted (a large folder just opened), then the files a feed added.
        case ordering(PhotoOrder, appended: [PageSource])
        /// `count` generated, numbered pages, nothing stored per page (so any count costs the same memory), then the
        /// files a feed added.
        case synthetic(count: Int, appended: [PageSource])
    }

    /// The generated page counts accepted: up to `Int32.max`, which every pixel and slot computation holds.
    public static let syntheticCountRange = 1...Int(Int32.max)

    /// The pages.
    public private(set) var pages: Pages

    /// A library of photo files, in the index's order.
    public init(photos: PhotoIndex) {
        pages = .photos(photos.photos.map { .file(path: $0.path) })
    }

    /// A library of photos that may still be being sorted: pages are looked up in `order` when asked for.
    public init(order: PhotoOrder) {
        pages = .ordering(order, appended: [])
    }

    /// A library of `count` generated, numbered pages (negative counts are empty, counts past the range are cut to it).
    public init(syntheticCount count: Int) {
        pages = .synthetic(count: min(max(count, 0), Self.syntheticCountRange.upperBound), appended: [])
    }

    /// Adds a photo (a file a feed brought) after the others; returns it.
    public mutating func append(_ source: PageSource) -> PhotoID {
        switch pages {
        case .photos(var sources):
            pages = .photos([])  // Drops the enum's reference, so that the append does not copy the array.
            sources.append(source)
            pages = .photos(sources)
            return PhotoID(sources.count - 1)
        case .ordering(let order, var appended):
            pages = .ordering(order, appended: [])
            appended.append(source)
            pages = .ordering(order, appended: appended)
            return PhotoID(order.count + appended.count - 1)
        case .synthetic(let count, var appended):
            pages = .synthetic(count: count, appended: [])
            appended.append(source)
            pages = .synthetic(count: count, appended: appended)
            return PhotoID(count + appended.count - 1)
        }
    }

    /// The number of pages.
    public var count: Int {
        switch pages {
        case .photos(let sources): sources.count
        case .ordering(let order, let appended): order.count + appended.count
        case .synthetic(let count, let appended): count + appended.count
        }
    }

    /// The source of a photo; photos past the originals and those a feed appended cycle through the photos.
    public func source(forPhoto photo: PhotoID) -> PageSource {
        let page = photo.rawValue
        switch pages {
        case .photos(let sources):
            return sources[((page % sources.count) + sources.count) % sources.count]
        case .ordering(let order, let appended):
            let total = order.count + appended.count
            let index = ((page % total) + total) % total
            return index < order.count ? .file(path: order.photo(at: index).path) : appended[index - order.count]
        case .synthetic(let count, let appended):
            if page >= count, page - count < appended.count { return appended[page - count] }
            return .synthetic(index: page, count: max(count, page + 1))
        }
    }

    /// The name the title bar shows for a photo.
    public func name(forPhoto photo: PhotoID) -> String { source(forPhoto: photo).displayName }
}
