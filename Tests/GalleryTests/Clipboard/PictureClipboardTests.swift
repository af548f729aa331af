import GalleryCore
import GalleryTesting
import Glibc
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
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

/// `PictureClipboard` over a selection that records what it is given, with the inline decoder: the path and URIs are
/// offered at once, the picture is provided once made (or withdrawn when it cannot be), and the notice says which.
@MainActor @Suite struct PictureClipboardOfferTests {
    /// A selection recording offers and provisions.
    final class RecordingSelection: ClipboardSelection, @unchecked Sendable {
        private let state = LockedState(
            (offers: [[(name: String, bytes: [UInt8]?)]](), provided: [(UInt64, String, [UInt8]?)]()))

        func offer(_ targets: [(name: String, bytes: [UInt8]?)]) -> UInt64? {
            state.withLock { state in
                state.offers.append(targets)
                return UInt64(state.offers.count)
            }
        }

        func provide(_ offer: UInt64, target: String, bytes: [UInt8]?) {
            state.withLock { $0.provided.append((offer, target, bytes)) }
        }

        func close() {}

        var offers: [[(name: String, bytes: [UInt8]?)]] { state.withLock { $0.offers } }
        var provided: [(UInt64, String, [UInt8]?)] { state.withLock { $0.provided } }
    }

    /// The notices `clipboard` gives within 20 s, once it gives any.
    static func notices(of clipboard: PictureClipboard) -> [String] {
        for _ in 0..<2000 {
            let notices = clipboard.takeNotices()
            if !notices.isEmpty { return notices }
            usleep(10_000)
        }
        return []
    }

    @Test("the path and URIs at once, then the picture upright by its EXIF orientation")
    func pictureFollows() throws {
        let folder = try TemporaryDirectory()
        let jpeg = JPEGFixture.rgb(width: 64, height: 48, orientation: 6) { _, _ in RGBA(r: 10, g: 200, b: 30, a: 255) }
        let path = try folder.write(jpeg, to: "turned photo.jpg")
        let selection = RecordingSelection()
        let clipboard = PictureClipboard(selection: selection, decoder: ImageDecoder())
        let said = clipboard.copy(ClipboardFile(absolutePath: path), wake: {})
        #expect(said == "copied the path; making the picture: \(path)")
        let offered = try #require(selection.offers.first)
        #expect(
            offered.map(\.name) == [
                "image/png", "text/uri-list", "x-special/gnome-copied-files", "UTF8_STRING", "text/plain;charset=utf-8",
                "text/plain",
            ])
        #expect(offered[0].bytes == nil)
        #expect(offered[5].bytes == Array(path.utf8))
        #expect(Self.notices(of: clipboard) == ["copied the picture (48×64) and its path"])
        let provided = try #require(selection.provided.first)
        #expect(provided.0 == 1 && provided.1 == "image/png")
        #expect(PictureClipboard.pictureSize(of: provided.2 ?? []) == PixelSize(width: 48, height: 64))
    }

    @Test("a file that is no picture: the picture is withdrawn, the path stays, and the window says why")
    func noPicture() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Array("not a picture".utf8), to: "broken.jpg")
        let selection = RecordingSelection()
        let clipboard = PictureClipboard(selection: selection, decoder: ImageDecoder())
        _ = clipboard.copy(ClipboardFile(absolutePath: path), wake: {})
        let notices = Self.notices(of: clipboard)
        #expect(notices.count == 1 && notices[0].hasPrefix("copied the path; not the picture: "), "\(notices)")
        #expect(selection.provided.count == 1 && selection.provided[0].2 == nil)
    }
}
