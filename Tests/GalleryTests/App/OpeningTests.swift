import Foundation
import Testing

extension SDLSerializedTests {
    @Suite("Opening a photo")
    struct OpeningTests {
        /// `gallery photo.jpg` starts on that photo with its siblings a page away.
        @Test func singlePhotoOpensWithinItsFolder() throws {
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "Right")], arguments: [BundledPhotos.directory.path + "/05-hubble-deep-field.jpg"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.first?.page == 4)
            #expect(run.records.first?.pages == BundledPhotos.paths.count)
            #expect(run.records.last?.page == 5)
        }
    }
}
