import Testing

@testable import Gallery
@testable import Imaging

/// What the information line says once Ctrl+C's picture is made, read from the PNG's own header.
@Suite struct PictureClipboardTests {
    /// A PNG's first 24 bytes: the signature, then an IHDR chunk's length, type, width and height.
    static func header(
        signature: [UInt8] = PNGEncoder.signature, type: String = "IHDR", width: UInt8, height: UInt8, cut: Int = 0
    ) -> [UInt8] {
        let bytes: [UInt8] = signature + [0, 0, 0, 13] + Array(type.utf8) + [0, 0, 7, width, 0, 0, 5, height]
        return Array(bytes.dropLast(cut))
    }

    static let headers: [([UInt8], String)] = [
        (header(width: 128, height: 0), "1920×1280"),
        (header(width: 128, height: 0, cut: 1), "none"),
        (header(type: "IDAT", width: 128, height: 0), "none"),
        (header(signature: Array(PNGEncoder.signature.dropLast()) + [0], width: 128, height: 0), "none"),
    ]

    @Test("the size comes from a PNG header, and nothing else passes for one", arguments: headers)
    func pictureSize(bytes: [UInt8], expected: String) {
        let size = PictureClipboard.pictureSize(of: bytes)
        #expect(size.map { "\($0.width)×\($0.height)" } ?? "none" == expected)
    }

    @Test("a zero width is no picture")
    func zeroWidth() {
        var bytes = Self.header(width: 0, height: 0)
        bytes[18] = 0
        #expect(PictureClipboard.pictureSize(of: bytes) == nil)
    }

    @Test(
        "the notice says what was copied, a reduced picture and a failure too",
        arguments: [
            (PixelSize(width: 1920, height: 1280), nil, "copied the picture (1920×1280) and its path"),
            (
                PixelSize(width: 8192, height: 5461), nil,
                "copied the picture (8192×5461, reduced to 8192 px a side) and its path"
            ),
            (nil, "the file is not a picture", "copied the path; not the picture: the file is not a picture"),
        ] as [(PixelSize?, String?, String)])
    func notice(size: PixelSize?, failure: String?, expected: String) {
        #expect(PictureClipboard.notice(size: size, failure: failure) == expected)
    }
}
