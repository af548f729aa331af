import Testing

@testable import GalleryCore

@Suite("--sort shuffle")
struct ShuffleOrderTests {
    static let names = (1...40).map { "IMG_\($0).jpg" }

    @Test("a seed gives one order of every photo, whatever order the folder listed them in; another seed another")
    func seededOrder() {
        let first = PhotoIndex.order(Self.names, prefix: "/p/", sort: .shuffle, seed: 42).map(\.path)
        #expect(first.sorted() == Self.names.map { "/p/" + $0 }.sorted())
        #expect(PhotoIndex.order(Self.names.reversed(), prefix: "/p/", sort: .shuffle, seed: 42).map(\.path) == first)
        #expect(PhotoIndex.order(Self.names, prefix: "/p/", sort: .shuffle, seed: 43).map(\.path) != first)
        #expect(first != PhotoIndex.order(Self.names, prefix: "/p/", sort: .name).map(\.path))
    }

    @Test(
        "GALLERY_SHUFFLE_SEED is taken only as a decimal number that fits 64 bits",
        arguments: [("7", UInt64(7)), ("18446744073709551615", UInt64.max), ("0", 0)])
    func seedFromEnvironment(text: String, seed: UInt64) {
        #expect(PhotoSort.shuffleSeed(environmentValue: text) == seed)
    }

    @Test(
        "a seed that is no such number is ignored for the clock's",
        arguments: ["", "-1", "0x10", "18446744073709551616", " 7"])
    func badSeedIgnored(text: String) {
        let a = PhotoSort.shuffleSeed(environmentValue: text)
        let b = PhotoSort.shuffleSeed(environmentValue: text)
        #expect(a != b, "\(text) was read as a fixed seed")
    }

    @Test("O reaches shuffle after size, and name after it")
    func cycle() {
        #expect(PhotoSort.size.next == .shuffle)
        #expect(PhotoSort.shuffle.next == .name)
    }
}
