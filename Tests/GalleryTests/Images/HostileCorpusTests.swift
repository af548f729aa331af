import Foundation
import GalleryCore
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// The soak's hostile corpus: written as named, opened by a folder scan, every file decoded or refused.
    @Suite("Hostile corpus")
    struct HostileCorpusTests {
        @Test("the corpus is written as named; a folder scan opens it; each file decodes or fails with a reason")
        func corpus() throws {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            try HostileCorpus.write(into: folder.url.path)
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            #expect(Set(written) == Set(HostileCorpus.fileNames))
            let index = try PhotoIndex(paths: [folder.url.path])
            // The FIFO and the dangling link may be left out.
            #expect(index.photos.count >= HostileCorpus.fileNames.count - 2)
            var decoded = 0, refused = 0
            for name in HostileCorpus.fileNames {
                do {
                    _ = try ImageDecoder().decode(
                        .file(path: folder.path(name)), fitting: PixelSize(width: 320, height: 240))
                    decoded += 1
                } catch {  // typed: always a DecodeFailure
                    refused += 1
                }
            }
            // The sound photo, the truncated one, CMYK and the nine orientation tags decode; the rest are refused,
            // the files too short for their claim as corrupt before anything is allocated.
            #expect(decoded == 12)
            for name in ["short-claim.qoi", "short-claim.tga"] {
                #expect(throws: DecodeFailure.self) {
                    try ImageDecoder().decode(
                        .file(path: folder.path(name)), fitting: PixelSize(width: 320, height: 240))
                }
            }
            #expect(refused == HostileCorpus.fileNames.count - 12)
        }
    }
}
