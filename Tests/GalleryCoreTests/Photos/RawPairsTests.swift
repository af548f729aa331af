import Foundation
import GalleryCore
import Testing

/// A RAW and a JPEG with the same name in one folder are one photo: `--raw-pairs` picks which file shows.
@Suite("RAW + JPEG pairs")
struct RawPairsTests {
    static let names = ["IMG_1.CR2", "IMG_1.JPG", "IMG_2.nef", "IMG_3.jpeg", "a/IMG_4.dng", "a/IMG_4.jpg", "IMG_4.png"]

    static let cases: [(RawPairs, [String])] = [
        (.jpeg, ["IMG_1.JPG", "IMG_2.nef", "IMG_3.jpeg", "a/IMG_4.jpg", "IMG_4.png"]),
        (.raw, ["IMG_1.CR2", "IMG_2.nef", "IMG_3.jpeg", "a/IMG_4.dng", "IMG_4.png"]),
        (.both, names),
    ]

    @Test("each setting keeps one half of each pair, and every file that has no pair", arguments: cases)
    func filterKeepsOneHalf(setting: RawPairs, expected: [String]) {
        #expect(setting.filter(Self.names) == expected)
    }

    @Test("told where the RAW names are, each setting keeps what it keeps from all the names", arguments: cases)
    func filterGivenRawPlaces(setting: RawPairs, expected: [String]) {
        let raws = Self.names.indices.filter {
            !["JPG", "jpeg", "jpg", "png"].contains(Self.names[$0].split(separator: ".").last!)
        }
        #expect(setting.filter(Self.names, rawAt: raws) == expected)
    }

    @Test(
        "a listing with no RAW name is kept as it is, its names not looked at again",
        arguments: RawPairs.allCases)
    func noRawNoPairing(setting: RawPairs) {
        let jpegs = (1...50).map { "IMG_\($0).jpg" }
        #expect(setting.filter(jpegs, rawAt: []) == jpegs)
        // The listing's word is taken: a RAW it did not report is not searched for.
        #expect(setting.filter(["IMG_1.CR2", "IMG_1.JPG"], rawAt: []) == ["IMG_1.CR2", "IMG_1.JPG"])
    }

    @Test(
        "a folder listing shows the JPEG of a pair by default, and a RAW named alone still opens",
        arguments: [
            (RawPairs.jpeg, ["IMG_1.JPG", "IMG_2.arw"]), (.raw, ["IMG_1.CR2", "IMG_2.arw"]),
            (.both, ["IMG_1.CR2", "IMG_1.JPG", "IMG_2.arw"]),
        ])
    func folderListing(setting: RawPairs, expected: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-raw-pairs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["IMG_1.CR2", "IMG_1.JPG", "IMG_2.arw"] {
            try Data([1]).write(to: folder.appendingPathComponent(name))
        }
        let index = try PhotoIndex(paths: [folder.path], rawPairs: setting)
        #expect(index.photos.map { URL(fileURLWithPath: $0.path).lastPathComponent } == expected)
        let named = try PhotoIndex(paths: [folder.appendingPathComponent("IMG_1.CR2").path], rawPairs: .jpeg)
        #expect(named.photos[named.startIndex].path.hasSuffix("IMG_1.CR2"))
    }
}
