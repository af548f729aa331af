import Foundation
import GalleryCore
import Testing

@Suite("Opening photos")
struct PhotoOpeningTests {
    @Test("a single file opens within its folder, on that file")
    func singleFileOpensItsFolder() throws {
        let folder = try TemporaryFolder()
        for name in ["b10.jpg", "b2.jpg", "a.png", "notes.txt"] { try folder.write(name, "data") }
        let index = try PhotoIndex(paths: [folder.path + "/b2.jpg"])
        #expect(index.photos.map(\.fileName) == ["a.png", "b2.jpg", "b10.jpg"])
        #expect(index.startIndex == 1)
        #expect(index.photos[index.startIndex].path == folder.path + "/b2.jpg")
    }

    @Test("a single hidden or oddly named file joins its siblings at its place")
    func singleOddFileIsIncluded() throws {
        let folder = try TemporaryFolder()
        for name in ["a.jpg", "c.jpg", "b.photo"] { try folder.write(name, "data") }
        let index = try PhotoIndex(paths: [folder.path + "/b.photo"])
        #expect(index.photos.map(\.fileName) == ["a.jpg", "b.photo", "c.jpg"])
        #expect(index.startIndex == 1)
    }

    @Test("several files keep today's meaning: just those, in argument order")
    func severalFilesStayAsGiven() throws {
        let folder = try TemporaryFolder()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try folder.write(name, "data") }
        let index = try PhotoIndex(paths: [folder.path + "/c.jpg", folder.path + "/a.jpg"])
        #expect(index.photos.map(\.fileName) == ["c.jpg", "a.jpg"])
        #expect(index.startIndex == 0)
    }

    @Test("--recursive takes subfolders in natural order of their relative paths, never through links")
    func recursiveScan() throws {
        let folder = try TemporaryFolder()
        try folder.write("z.jpg", "data")
        try folder.makeFolder("trip 10")
        try folder.makeFolder("trip 2")
        try folder.makeFolder(".cache")
        try folder.write("trip 10/a.jpg", "data")
        try folder.write("trip 2/b.jpg", "data")
        try folder.write(".cache/c.jpg", "data")
        try folder.link("loop", to: folder.path)
        let flat = try PhotoIndex(paths: [folder.path])
        #expect(flat.photos.map(\.fileName) == ["z.jpg"])
        let deep = try PhotoIndex(paths: [folder.path], recursive: true)
        #expect(deep.photos.map(\.path) == ["trip 2/b.jpg", "trip 10/a.jpg", "z.jpg"].map { folder.path + "/" + $0 })
    }

    @Test("--sort mtime shows the oldest first, equal times in name order")
    func sortByModificationTime() throws {
        let folder = try TemporaryFolder()
        let times: [(String, TimeInterval)] = [("a.jpg", 300), ("b.jpg", 100), ("c.jpg", 200), ("d.jpg", 100)]
        for (name, seconds) in times {
            let path = try folder.write(name, "data")
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: seconds)],
                ofItemAtPath: path)
        }
        let index = try PhotoIndex(paths: [folder.path], sort: .mtime)
        #expect(index.photos.map(\.fileName) == ["b.jpg", "d.jpg", "c.jpg", "a.jpg"])
        let single = try PhotoIndex(paths: [folder.path + "/c.jpg"], sort: .mtime)
        #expect(single.startIndex == 2)
    }

    /// The precomputed keys order exactly as the pairwise comparison's rules, over tricky names.
    @Test("natural-order keys agree with the documented rules")
    func naturalOrderKeys() {
        let ordered = [
            "", "1", "01", "001", "1a", "2", "02", "10", "a", "A", "a1", "a01", "a2", "a10", "a10b", "B",
            "photo 2.jpg", "photo 10.jpg", "photo10.jpg", "Éclair", "éclair", "z",
        ]
        let shuffled = ordered.reversed().map { $0 }
        let sorted = shuffled.map { (NaturalOrderKey($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        #expect(sorted.firstIndex(of: "1")! < sorted.firstIndex(of: "01")!)
        #expect(sorted.firstIndex(of: "01")! < sorted.firstIndex(of: "001")!)
        #expect(sorted.firstIndex(of: "2")! < sorted.firstIndex(of: "10")!)
        #expect(sorted.firstIndex(of: "a2")! < sorted.firstIndex(of: "a10")!)
        #expect(sorted.firstIndex(of: "A")! < sorted.firstIndex(of: "a")!)
        #expect(sorted.firstIndex(of: "photo 2.jpg")! < sorted.firstIndex(of: "photo 10.jpg")!)
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(NaturalOrder.areInIncreasingOrder(a, b) && !NaturalOrder.areInIncreasingOrder(b, a), "\(a) < \(b)")
        }
    }
}
