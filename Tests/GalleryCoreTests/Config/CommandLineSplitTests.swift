import GalleryCore
import Testing

/// The command line split into options and paths before the argument parser sees it.
@Suite("Command line split")
struct CommandLineSplitTests {
    static let valueOptions: Set<String> = ["--mode", "--fps", "--script", "--action1"]

    @Test(
        "options keep their values and order; paths keep theirs; after -- all are paths",
        arguments: [
            (["a.jpg", "--mode", "wheel", "b.jpg"], ["--mode", "wheel"], ["a.jpg", "b.jpg"]),
            (["--mode=wheel", "a.jpg", "--headless"], ["--mode=wheel", "--headless"], ["a.jpg"]),
            (["-o0", "a.jpg", "--", "-n.jpg", "--mode"], ["-o0"], ["a.jpg", "-n.jpg", "--mode"]),
            (["--action1", "--", "x.jpg"], ["--action1", "--"], ["x.jpg"]),  // The parser reports the missing value.
            (["-", "--fps", "-5"], ["--fps", "-5"], ["-"]),
            (["x.jpg", "--script"], ["--script"], ["x.jpg"]),
            (["-n.jpg", "y.jpg"], ["-n.jpg"], ["y.jpg"]),  // The parser reports the unknown option, as before.
            (["a b.jpg", "", "--bogus", "c.jpg"], ["--bogus"], ["a b.jpg", "", "c.jpg"]),
        ])
    func split(arguments: [String], options: [String], paths: [String]) {
        let result = CommandLineSplit.split(arguments, valueOptions: Self.valueOptions)
        #expect(result.options == options)
        #expect(result.paths == paths)
    }

    @Test("200,000 paths among options come out all, in order")
    func manyPaths() {
        let paths = (0..<200_000).map { "p\($0).jpg" }
        let arguments = ["--mode", "wheel"] + paths[..<100_000] + ["--headless"] + paths[100_000...]
        let result = CommandLineSplit.split(Array(arguments), valueOptions: Self.valueOptions)
        #expect(result.options == ["--mode", "wheel", "--headless"])
        #expect(result.paths == paths)
    }

    @Test(
        "a property's default long name is its words in lower case, joined by hyphens",
        arguments: [("maxMegapixels", "--max-megapixels"), ("action1", "--action1"), ("fps", "--fps")])
    func longName(property: String, name: String) {
        #expect(CommandLineSplit.longName(ofProperty: property) == name)
    }
}
