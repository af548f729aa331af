import Testing

@testable import Imaging

/// SVG told by its content, its size left to librsvg.
@Suite struct SVGHeaderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: [UInt8]
        let fileExtension: String
        let isSVG: Bool
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "plain", text: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), fileExtension: "", isSVG: true
        ),
        Case(
            name: "declaration, doctype, comment, then the root",
            text: Array("<?xml version='1.0'?>\n<!DOCTYPE svg>\n<!-- a -->\n<svg/>".utf8), fileExtension: "svg",
            isSVG: true),
        Case(
            name: "byte order mark and white space", text: [0xEF, 0xBB, 0xBF] + Array(" \r\n\t<svg/>".utf8),
            fileExtension: "", isSVG: true),
        Case(name: "gzip", text: [0x1F, 0x8B, 8, 0], fileExtension: "svgz", isSVG: false),
        Case(name: "other XML", text: Array("<?xml version='1.0'?><html/>".utf8), fileExtension: "svg", isSVG: false),
        Case(name: "text mentioning <svg", text: Array("see <svg>".utf8), fileExtension: "svg", isSVG: false),
        Case(
            name: "root past the first 4096 bytes",
            text: Array(("<!--" + String(repeating: "x", count: 5000) + "--><svg/>").utf8), fileExtension: "svg",
            isSVG: false),
        Case(name: "empty", text: [], fileExtension: "svg", isSVG: false),
        Case(name: "a lone <", text: Array("<".utf8), fileExtension: "svg", isSVG: false),
        // Found by the image-header fuzz target: a `<` fewer than four bytes before the end, after white space, made
        // the range searched for `<svg` end before it began, a trap (the decoder process reading such a file died).
        Case(
            name: "white space, then < three bytes from the end", text: Array("     <pJ".utf8), fileExtension: "",
            isSVG: false),
        Case(name: "a newline, then < and two bytes", text: Array("\n<ab".utf8), fileExtension: "svg", isSVG: false),
        Case(name: "white space, then <svg at the very end", text: Array(" <svg".utf8), fileExtension: "", isSVG: true),
    ]

    @Test(arguments: cases)
    func anSVGIsToldByItsRootElement(example: Case) {
        let header = ImageHeader.read(bytes: example.text, fileExtension: example.fileExtension)
        #expect((header.format == .svg) == example.isSVG)
        #expect(header.size == nil)
        #expect(FormatLibrarySet.needed(for: header.format) == (example.isSVG ? .svg : []))
    }
}
