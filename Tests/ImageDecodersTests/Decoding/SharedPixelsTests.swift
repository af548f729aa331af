import Foundation
import Imaging
import Testing

@testable import ImageDecoders

/// A decoder process's decoder fits a still picture straight into shared memory, which it sends as it is; the viewer's
/// own decoder keeps its pixels in private pages.
@Suite struct SharedPixelsTests {
    /// An 8×6 binary PPM of one colour (SDL_image's loader, then the fit).
    static func ppm(red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        Array("P6\n8 6\n255\n".utf8) + Array(repeating: [red, green, blue], count: 48).flatMap { $0 }
    }

    @Test(arguments: [false, true])
    func theFittedPictureIsInSharedMemoryWhenAsked(shares: Bool) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(getpid())-\(shares).ppm")
            .path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.ppm(red: 200, green: 40, blue: 10))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var decoder = ImageDecoder()
        decoder.sharesPixels = shares
        let picture = try decoder.decode(.file(path: path), fitting: PixelSize(width: 32, height: 24))
        #expect(picture.size == PixelSize(width: 32, height: 24))
        #expect((picture.pixels.storage.sharedMemory != nil) == shares)
        #expect(picture.pixels.pixel(x: 16, y: 12) == 0xFFC8_280A)
    }
}
