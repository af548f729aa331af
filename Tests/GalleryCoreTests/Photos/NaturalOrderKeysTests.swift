import Testing

@testable import GalleryCore

@Suite("Natural order keys")
struct NaturalOrderKeysTests {
    /// Names made to collide: shared long prefixes (past the 16 bytes compared as integers), digit runs of every
    /// length with and without leading zeros, case, and, when `ascii` is false, non-ASCII letters.
    static func names(count: Int, seed: UInt64, ascii: Bool) -> [String] {
        var generator = SplitMix64(seed: seed)
        let prefixes = ["IMG_", "img_", "DSC", "holiday photo from the beach ", "a", "", "IMG_2024_01_01_"]
        let letters = ascii ? ["a", "B", "c", "_", " ", "-"] : ["a", "é", "B", "ß", "c", "日"]
        return (0..<count).map { _ in
            var name = prefixes[Int(generator.next() % UInt64(prefixes.count))]
            for _ in 0..<Int(generator.next() % 4) {
                if generator.next() % 2 == 0 {
                    let zeros = String(repeating: "0", count: Int(generator.next() % 3))
                    name += zeros + String(generator.next() % (generator.next() % 2 == 0 ? 20 : 1_000_000))
                } else {
                    name += letters[Int(generator.next() % UInt64(letters.count))]
                }
            }
            return name + ".jpg"
        }
    }

    @Test(
        "sorting by the keys gives the order of NaturalOrderKey, ties by index",
        arguments: [
            (UInt64(1), true), (2, true), (3, false), (4, false),
        ])
    func sortsLikeSingleKeys(seed: UInt64, ascii: Bool) {
        let names = Self.names(count: 2_000, seed: seed, ascii: ascii)
        let expected = names.indices.sorted { a, b in
            let left = NaturalOrderKey(names[a]), right = NaturalOrderKey(names[b])
            return left < right || (!(right < left) && a < b)
        }
        #expect(NaturalOrderKeys(names).sortedIndices() == expected)
    }

    @Test(
        "the places picked without sorting are those of the sort",
        arguments: [
            (UInt64(5), true), (6, false),
        ])
    func placesMatchTheSort(seed: UInt64, ascii: Bool) {
        let names = Self.names(count: 500, seed: seed, ascii: ascii)
        let keys = NaturalOrderKeys(names)
        let sorted = keys.sortedIndices()
        for pivot in [0, 17, 250, 499] {
            let places = keys.places(count: 4, around: pivot)
            let pivotPlace = sorted.firstIndex(of: pivot)!
            let around: [Int] = ((pivotPlace - 4)...(pivotPlace + 4)).filter { (0..<500).contains($0) }
            let expectedPlaces = Set(Array(0..<4) + Array(496..<500) + around)
            #expect(Set(places.keys) == expectedPlaces)
            for (place, index) in places { #expect(sorted[place] == index, "place \(place)") }
        }
    }

    @Test("small lists: every place is known, and nothing for none", arguments: [0, 1, 2, 5])
    func smallLists(count: Int) {
        let names = (0..<count).map { "photo \(count - $0).jpg" }
        let places = NaturalOrderKeys(names).places(count: 4, around: count > 0 ? 0 : nil)
        #expect(places.count == count)
        #expect(places.sorted { $0.key < $1.key }.map(\.value) == Array((0..<count).reversed()))
    }
}
