import GalleryCore
import Testing

@Suite("Photo order before the sort")
struct PhotoOrderTests {
    @Test(
        "a folder opens in the order of the index, its ends known before the sort (sorted in place, and on a thread)",
        arguments: [300, PhotoOrder.sortedInPlaceLimit + 1])
    func folderMatchesIndex(count: Int) throws {
        let folder = try TemporaryFolder()
        for number in (0..<count).shuffled() { try folder.write("IMG_\(number).jpg", "") }
        try folder.write("notes.txt", "")
        let order = try PhotoIndex.ordering(paths: [folder.path])
        let index = try PhotoIndex(paths: [folder.path])
        #expect(order.count == count)
        #expect(order.startIndex == 0)
        #expect(order.photo(at: 0).fileName == "IMG_0.jpg")
        #expect(order.photo(at: count - 1).fileName == "IMG_\(count - 1).jpg")
        #expect((0..<count).map { order.photo(at: $0) } == index.photos)
        #expect(order.photos == index.photos)
    }

    @Test("a single file opens at its place among its siblings", arguments: ["b2.jpg", "b10.jpg", "a.png", "b.photo"])
    func singleFile(name: String) throws {
        let folder = try TemporaryFolder()
        for sibling in ["b10.jpg", "b2.jpg", "a.png", "notes.txt", "b.photo", "c1.jpg"] {
            try folder.write(sibling, "")
        }
        let order = try PhotoIndex.ordering(paths: [folder.path + "/" + name])
        let index = try PhotoIndex(paths: [folder.path + "/" + name])
        #expect(order.startIndex == index.startIndex)
        #expect(order.photo(at: order.startIndex).path == folder.path + "/" + name)
        #expect(order.photos == index.photos)
    }

    @Test("several paths, or time order, are ordered at once as the index orders them")
    func otherCasesAreComplete() throws {
        let folder = try TemporaryFolder()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try folder.write(name, "") }
        let paths = [folder.path + "/c.jpg", folder.path + "/a.jpg"]
        #expect(try PhotoIndex.ordering(paths: paths).photos == PhotoIndex(paths: paths).photos)
        let byTime = try PhotoIndex.ordering(paths: [folder.path], sort: .mtime)
        #expect(byTime.photos == (try PhotoIndex(paths: [folder.path], sort: .mtime)).photos)
    }

    @Test(
        "the photos' folders come from the listing, the same as from every photo's path",
        arguments: [["top"], ["top/a.jpg"], ["top", "top/sub/c.jpg"]], [false, true])
    func foldersFromListing(arguments: [String], recursive: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("top/sub/deeper")
        try folder.makeFolder("top/text")
        for name in ["a.jpg", "b.png", "notes.txt"] { try folder.write("top/" + name, "") }
        for name in ["c.jpg", "d.jpg"] { try folder.write("top/sub/" + name, "") }
        try folder.write("top/text/notes.txt", "")
        try folder.write("top/sub/deeper/e.jpg", "")
        let order = try PhotoIndex.ordering(paths: arguments.map { folder.path + "/" + $0 }, recursive: recursive)
        let expected = Set(
            order.photos.map { photo in String(photo.path[..<photo.path.lastIndex(of: "/")!]) })
        #expect(order.folders == expected)
        #expect(expected.contains(folder.path + "/top"))
    }

    @Test("errors are those of the index", arguments: ["missing", "empty"])
    func errors(kind: String) throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("empty")
        let path = folder.path + "/" + kind
        #expect(throws: PhotoIndexError.self) { try PhotoIndex.ordering(paths: [path]) }
    }
}
