/// SVG documents made at test time: a picture with known colours at known places, and hostile documents.
public enum SVGFixture {
    /// 200 × 100 (a viewBox of the same size): blue, with a red rectangle from (50, 25) to (150, 75).
    public static let redOnBlue = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">\
        <rect width="200" height="100" fill="#0000ff"/><rect x="50" y="25" width="100" height="50" fill="#ff0000"/>\
        </svg>
        """.utf8)

    /// 200 × 100: blue left of x = 100.3, red right of it, an edge a third of a unit off the pixel grid at any scale.
    public static let edge = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">\
        <rect width="200" height="100" fill="#0000ff"/><rect x="100.3" width="99.7" height="100" fill="#ff0000"/>\
        </svg>
        """.utf8)

    /// The billion laughs: ten entities of ten references each, nine deep (10^9 "lol"s once expanded).
    public static let billionLaughs: [UInt8] = {
        var document = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            let references = String(repeating: "&lol\(level - 1);", count: 10)
            document += "<!ENTITY lol\(level) \"\(references)\">\n"
        }
        document += "]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text>&lol9;</text></svg>"
        return Array(document.utf8)
    }()

    /// 100 000 nested groups around one rectangle.
    public static let deepNesting = Array(
        ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
            + String(repeating: "<g>", count: 100_000) + "<rect width=\"5\" height=\"5\"/>"
            + String(repeating: "</g>", count: 100_000) + "</svg>").utf8)

    /// A document stating 10^8 × 10^8 px (and 2^31 on the other side of a viewBox), red all over.
    public static let hugeSize = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="100000000" height="100000000" viewBox="0 0 2147483648 2147483648">\
        <rect width="100%" height="100%" fill="#ff0000"/></svg>
        """.utf8)

    /// Blue, with images and a stylesheet from a file, the network and another document, each of which must stay
    /// unloaded (no base URI, and no open in the sandbox).
    public static let externalReferences = Array(
        """
        <?xml-stylesheet href="file:///etc/gallery-test.css"?>\
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">\
        <rect width="40" height="20" fill="#0000ff"/>\
        <image href="file:///etc/passwd" width="40" height="20"/>\
        <image xlink:href="http://127.0.0.1:9/x.png" width="40" height="20"/>\
        <use href="other.svg#shape"/></svg>
        """.utf8)

    /// Text in sans-serif, in librsvg's default family (none named), in serif, which a decoder keeps mapped, and in a
    /// family it does not.
    public static let text = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/>\
        <text x="10" y="40" font-family="sans-serif" font-size="32">Sans</text>\
        <text x="10" y="90" font-size="32">Default</text>\
        <text x="10" y="140" font-family="serif" font-size="32">Serif</text>\
        <text x="10" y="190" font-family="Unheard Of, fantasy" font-size="32">Other</text></svg>
        """.utf8)

    /// No width, height or viewBox: drawn on the default square.
    public static let noSize = Array(
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"512\" height=\"1024\" fill=\"#ff0000\"/></svg>".utf8)
}
