import Support
import Testing

@testable import GalleryCore

/// What Ctrl+C offers for a photo's file besides its picture: a URI that gives back the path's very bytes (percent-
/// encoding every byte but RFC 3986's unreserved ones and `/`), as `text/uri-list` and GNOME's copied-files list.
@Suite struct ClipboardFileTests {
    @Test(
        "the URI percent-encodes every byte a URI or a shell could misread",
        arguments: [
            ("/photos/plain-name_1.0~.jpg", "file:///photos/plain-name_1.0~.jpg"),
            ("/photos/a photo #1.jpg", "file:///photos/a%20photo%20%231.jpg"),
            ("/photos/100%?.jpg", "file:///photos/100%25%3F.jpg"),
            ("/photos/été.jpg", "file:///photos/%C3%A9t%C3%A9.jpg"),
            ("/photos/a\nb.jpg", "file:///photos/a%0Ab.jpg"),
            ("/photos/x:y;z&'\"$.jpg", "file:///photos/x%3Ay%3Bz%26%27%22%24.jpg"),
        ])
    func uri(path: String, expected: String) {
        #expect(ClipboardFile(absolutePath: path).uri == expected)
    }

    @Test("a name that is not UTF-8 keeps its bytes in the URI and the text")
    func bytesThatAreNotUTF8() {
        let path = PathBytes.string(fromBytes: Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let file = ClipboardFile(absolutePath: path)
        #expect(file.uri == "file:///photos/caf%E9.jpg")
        #expect(file.pathBytes == Array("/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8))
    }

    @Test("text/uri-list ends its line with CRLF; the copied-files list says copy")
    func lists() {
        let file = ClipboardFile(absolutePath: "/p/a b.png")
        #expect(file.uriList == Array("file:///p/a%20b.png\r\n".utf8))
        #expect(file.gnomeCopiedFiles == Array("copy\nfile:///p/a%20b.png".utf8))
    }
}
