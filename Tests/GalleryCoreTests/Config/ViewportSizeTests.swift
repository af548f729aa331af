import GalleryCore
import Testing

@Suite("Viewport size")
struct ViewportSizeTests {
    @Test(
        "valid sizes parse",
        arguments: [
            ("1280x720", 1280, 720), ("800X600", 800, 600), (" 1x1 ", 1, 1), ("8192x8192", 8_192, 8_192),
            ("0640x0480", 640, 480),
        ])
    func parses(text: String, width: Int, height: Int) throws {
        let size = try ViewportSize(parsing: text)
        #expect(size.width == width)
        #expect(size.height == height)
        #expect(try ViewportSize(parsing: size.description) == size)
    }

    @Test(
        "junk, zero and oversized sizes are refused with the user's text",
        arguments: [
            ("", ViewportSizeError.malformed(text: "")),
            ("1280", .malformed(text: "1280")),
            ("1280x", .malformed(text: "1280x")),
            ("x720", .malformed(text: "x720")),
            ("1280x720x3", .malformed(text: "1280x720x3")),
            ("-1280x720", .malformed(text: "-1280x720")),
            ("+1280x720", .malformed(text: "+1280x720")),
            ("1280.5x720", .malformed(text: "1280.5x720")),
            ("1280 x 720", .malformed(text: "1280 x 720")),
            ("１２８０x720", .malformed(text: "１２８０x720")),
            ("wide", .malformed(text: "wide")),
            ("0x720", .tooSmall(text: "0x720")),
            ("1280x000", .tooSmall(text: "1280x000")),
            ("8193x720", .tooLarge(text: "8193x720")),
            ("16384x16384", .tooLarge(text: "16384x16384")),
            ("99999999999999999999999x1", .tooLarge(text: "99999999999999999999999x1")),
        ])
    func refuses(text: String, error: ViewportSizeError) {
        #expect(throws: error) { try ViewportSize(parsing: text) }
        #expect(error.description.hasPrefix("invalid size \"\(text)\": "))
    }

    @Test("sizes built from numbers are checked too", arguments: [(0, 1), (1, -5), (8_193, 1), (16_384, 16_384)])
    func checksNumbers(width: Int, height: Int) {
        #expect(throws: ViewportSizeError.self) { try ViewportSize(width: width, height: height) }
    }
}
