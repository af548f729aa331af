import Foundation
import GalleryCore
import Support
import Testing

@Suite("JSON object writer")
struct JSONObjectWriterTests {
    @Test("members come out in the order added, numbers in fixed decimals, non-finite numbers as null")
    func writesMembersInOrder() {
        var writer = JSONObjectWriter()
        writer.add("z", integer: -3)
        writer.add("a", number: 0.5, places: 2)
        writer.add("nan", number: .nan, places: 2)
        writer.add("short", shortNumber: 640, maximumPlaces: 6)
        writer.add("s", string: "x")
        writer.add("ints", integers: [1, -1])
        writer.add("strings", strings: ["a", "b"])
        #expect(
            writer.finished == #"{"z":-3,"a":0.50,"nan":null,"short":640,"s":"x","ints":[1,-1],"strings":["a","b"]}"#)
    }

    @Test(
        "written strings read back unchanged through Foundation's JSONDecoder",
        arguments: [
            "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{01}\u{1F}", "ünïcødé 😀", "",
        ])
    func quotedStringsRoundTrip(original: String) throws {
        let quoted = JSONObjectWriter.quoted(original)
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == original)
    }
}
