import CSDL2
import Foundation
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// The header reader against SDL_image's own decode of the bundled photos.
    @Suite struct BundledPhotoHeaderTests {
        init() throws {
            try SDLTestSession.start()
        }

        @Test func bundledPhotoHeadersMatchTheirDecodedSize() throws {
            for path in BundledPhotos.paths {
                let header = ImageHeader.read(bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
                let decoded = try Surface.loading(path)
                #expect(header.format == .jpeg)
                #expect(header.size == decoded.size, "\(path)")
            }
        }
    }
}
